import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { lastKnownSnapshot } from "../support/last-known-state";
import { untilServiceWorkerControls } from "../support/service-worker";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}


/** Every URL the page's Cache Storage holds. */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
}

type Manifest = {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
};


describe.skipIf(!browserAvailable)("the installable app", () => {
  const browser = useBrowser({ serviceWorkers: "allow" });
  let server: E2eServer;

  beforeAll(async () => {
    server = await startE2eServer();
  });

  it("has a manifest with what browsers need to install it: names, start page, standalone display, the palette's colours, 192 and 512 px icons and a maskable one", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto(`${server.baseUrl}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const response = await page.request.get(`${server.baseUrl}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({
      id: "/",
      name: "Hey Dad",
      short_name: "Hey Dad",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#353535",
      background_color: "#FFFFFF",
    });
    // Each icon is a real PNG of the size it claims.
    for (const icon of manifest.icons) {
      const bytes = Buffer.from(await (await page.request.get(`${server.baseUrl}${icon.src}`)).body());
      const { width, height } = pngSize(bytes);
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(icon.type).toBe("image/png");
    }
    const sizes = (purpose: string) => manifest.icons.filter((icon) => icon.purpose.split(" ").includes(purpose)).map((icon) => icon.sizes);
    expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(sizes("maskable")).toContain("512x512");
    // iOS reads its own link, not the manifest.
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(pngSize(Buffer.from(await (await page.request.get(`${server.baseUrl}${touchIcon}`)).body()))).toEqual({ width: 180, height: 180 });
  });

  it("passes Chromium's installability check (the one Lighthouse's 'installable manifest' audit read): no installability error once a dad is signed in", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await signUpConfirmed(server, page, `installable${Date.now()}@example.com`);
    await untilServiceWorkerControls(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: Array<{ errorId: string }> };
    // A test's browser context is an incognito one, where Chromium installs nothing: Lighthouse left that one out too.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
  });

  it("opens with no network after a first visit: the record screens, the dashboard's last state and the vault's list; /api is never answered from the device", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const email = `offline-open${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    const child = await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02') RETURNING id", [rows[0].id]);
    // Saved through the server's own route (the page's cookie), as the record form would.
    const saveNote = async (title: string) => {
      const response = await page.request.post(`${server.baseUrl}/api/narrations`, {
        headers: { origin: server.baseUrl },
        multipart: { data: JSON.stringify({ kind: "note", title, notes: "", childIds: [child.rows[0].id], unlockType: "now" }) },
      });
      expect(response.status()).toBe(201);
    };
    const apiAnswers: Array<{ url: string; fromServiceWorker: boolean }> = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/api/")) apiAnswers.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
    });

    // The first visit, online: the worker installs and takes the page; the dashboard and the vault are seen once.
    await page.goto(`${server.baseUrl}/dashboard`);
    await untilServiceWorkerControls(page);
    await saveNote("The lake at dawn");
    await page.reload();
    await page.getByText("The lake at dawn").first().waitFor();
    // The last answers are written a moment after they arrive: wait for the write, not for a guess of its time.
    await expect.poll(async () => JSON.stringify(await lastKnownSnapshot(page))).toContain("The lake at dawn");
    await page.goto(`${server.baseUrl}/vault`);
    await page.getByText("The lake at dawn").first().waitFor();

    expect(apiAnswers.length).toBeGreaterThan(0);
    expect(apiAnswers.filter((answer) => answer.fromServiceWorker)).toEqual([]);
    const cached = await cachedUrls(page);
    expect(cached).toContain("/index.html");
    expect(cached.filter((url) => url.startsWith("/api"))).toEqual([]);

    await page.context().setOffline(true);
    for (const [where, heading] of [
      ["/record", "Record"],
      ["/record?video=true", "Record"],
      ["/record?note=true", "Record"],
    ] as const) {
      await page.goto(`${server.baseUrl}${where}`);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    }
    await page.getByRole("link", { name: "Quick Note" }).waitFor();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByText("The lake at dawn").first().waitFor();
    await page.goto(`${server.baseUrl}/vault`);
    await page.getByText("The lake at dawn").first().waitFor();

    // Back online, /api answers come from the server again (a memory added meanwhile shows).
    await page.context().setOffline(false);
    await saveNote("Made while away");
    await page.reload();
    await page.getByText("Made while away").first().waitFor();
  });

  it("keeps the vault's list on the device when Dad leaves the page the moment it shows: the vault then opens with no network with that list", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const context = page.context();
    const userId = await signUpConfirmed(server, page, `left-at-once${Date.now()}@example.com`);
    await server.pool.query("INSERT INTO memories (user_id, kind, title) VALUES ($1, 'note', 'Seen on the way out')", [userId]);
    await untilServiceWorkerControls(page);

    // On the vault, the page is left in the same task that shows its list (before the list's gathered write is due).
    await page.addInitScript((title) => {
      if (location.pathname !== "/vault") return;
      new MutationObserver((_, observer) => {
        if (!document.body?.textContent?.includes(title)) return;
        observer.disconnect();
        location.assign("about:blank");
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, "Seen on the way out");
    await page.goto(`${server.baseUrl}/vault`, { waitUntil: "commit" });
    await page.waitForURL("about:blank");

    await context.setOffline(true);
    const reopened = await context.newPage();
    await reopened.goto(`${server.baseUrl}/vault`);
    await reopened.getByText("Seen on the way out").first().waitFor();
  });

  it("keeps what another tab showed meanwhile: a later save by a tab opened before it does not drop the vault's list that tab kept", async () => {
    const first = await browser.newPage({ width: 360, height: 800 });
    const context = first.context();
    const userId = await signUpConfirmed(server, first, `two-tabs${Date.now()}@example.com`);
    await untilServiceWorkerControls(first);
    await server.pool.query("INSERT INTO memories (user_id, kind, title) VALUES ($1, 'note', 'Seen in the other tab')", [userId]);
    const keptVaultList = async () => JSON.stringify((await lastKnownSnapshot(first))?.state.queries.find((query) => query.queryHash === '["memories","vault"]')?.state.data ?? null);

    // A second tab shows the vault, and its list is kept; that tab is closed.
    const second = await context.newPage();
    await second.goto(`${server.baseUrl}/vault`);
    await second.getByText("Seen in the other tab").first().waitFor();
    await expect.poll(keptVaultList).toContain("Seen in the other tab");
    await second.close();

    // The first tab, open since before, goes on to record a video: the child list it asks for is kept after the vault's.
    await first.locator('#main a[href="/record?video=true"]').first().click();
    await expect.poll(async () => (await lastKnownSnapshot(first))?.state.queries.map((query) => query.queryHash)).toContain('["children","options"]');

    await context.setOffline(true);
    await first.goto(`${server.baseUrl}/vault`);
    await first.getByText("Seen in the other tab").first().waitFor();
  });

  it("picks up a new version on the next open with nothing cleared: its worker takes over, and the app opens with no network as the new version", async () => {
    // The app served from a build of its own, which the test can deploy a new version over.
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-web-"));
    onTestFinished(() => fs.rmSync(webRoot, { recursive: true, force: true }));
    fs.cpSync("dist/web", webRoot, { recursive: true });
    const ownServer = await startE2eServer({ WEB_ROOT: webRoot });
    const page = await browser.newPage({ width: 360, height: 800 });
    const context = page.context();
    const userId = await signUpConfirmed(ownServer, page, `new-version${Date.now()}@example.com`);
    await ownServer.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02')", [userId]);
    await page.reload();
    await untilServiceWorkerControls(page);
    await expect.poll(async () => JSON.stringify(await lastKnownSnapshot(page))).toContain("Maya");

    // A new version is deployed: its page carries a mark, and its worker's list of files names that page's new revision,
    // as the next build's would. Nothing on the device is touched.
    const mark = '<meta name="hey-dad-build" content="next">';
    const indexFile = path.join(webRoot, "index.html");
    fs.writeFileSync(indexFile, fs.readFileSync(indexFile, "utf8").replace("</head>", `${mark}</head>`));
    const workerFile = path.join(webRoot, "sw.js");
    const worker = fs.readFileSync(workerFile, "utf8");
    const nextWorker = worker.replace(/\{"revision":"[0-9a-f]+","url":"index.html"\}/, '{"revision":"next","url":"index.html"}');
    expect(nextWorker).not.toBe(worker);
    fs.writeFileSync(workerFile, nextWorker);

    // The next open: the browser finds the new worker, which installs and takes over by itself. Once it is active, the
    // shell kept on the device is the new one alone (the old one is dropped when the new worker activates).
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto(`${ownServer.baseUrl}/dashboard`);
    const keptShells = () =>
      reopened.evaluate(async (mark) => {
        const shells: boolean[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) if (new URL(request.url).pathname === "/index.html") shells.push((await (await cache.match(request))!.text()).includes(mark));
        }
        return shells;
      }, mark);
    await expect.poll(keptShells, { timeout: 30_000 }).toEqual([true]);

    // With no network, the app opens as the new version, and what the device kept (the dashboard's last answers) is there.
    await context.setOffline(true);
    await reopened.goto(`${ownServer.baseUrl}/dashboard`);
    expect(await reopened.locator('meta[name="hey-dad-build"]').count()).toBe(1);
    await reopened.getByText("Maya").first().waitFor();
  });

  it("keeps nothing of a dad on the device once he signs out", async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signUpConfirmed(server, page, `offline-out${Date.now()}@example.com`);
    await untilServiceWorkerControls(page);
    await expect.poll(() => lastKnownSnapshot(page)).not.toBeNull();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect.poll(() => lastKnownSnapshot(page)).toBeNull();
  });
});
