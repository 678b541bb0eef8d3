import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PRERENDERED_PATHS } from "../../src/shared/public-pages";
import { browserAvailable, useBrowser } from "../support/browser";
import { signedInDad, startE2eServer } from "../support/e2e-server";

const HEADLINE_A = "Be there now. Be there forever.";
const HEADLINE_B = "Be the dad you mean to be.";

/** The document as sent, before any JavaScript runs. */
async function fetchDocument(url: string, cookie?: string) {
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  return { html: await response.text(), setCookie: response.headers.get("set-cookie") ?? "" };
}

/**
 * Collects the page's console errors and warnings (hydration mismatches and failed requests show there) and keeps
 * the first h1 the parser built, to check hydration kept the server's DOM instead of replacing it.
 */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    // Failed requests count too: a signed-out visitor's GET /api/me answers 200, so nothing should fail.
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { firstHeadline: Element | null }).firstHeadline = document.querySelector("h1");
    });
  });
  return problems;
}

const keptFirstHeadline = (page: Page) =>
  page.evaluate(() => {
    const first = (window as unknown as { firstHeadline: Element | null }).firstHeadline;
    return Boolean(first?.isConnected && first === document.querySelector("h1"));
  });

describe("prerendered public pages over plain HTTP", () => {
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  it("sends / with its headline for the visitor's variant, drawing and keeping one for a first visit", async () => {
    expect((await fetchDocument(`${server.baseUrl}/`, "heydad_ab=A")).html).toContain(HEADLINE_A);
    const b = await fetchDocument(`${server.baseUrl}/`, "heydad_ab=B");
    expect(b.html).toContain(HEADLINE_B);
    expect(b.html).toContain('data-variant="B"');

    const first = await fetchDocument(`${server.baseUrl}/`);
    const drawn = first.setCookie.match(/heydad_ab=([AB])/)?.[1];
    expect(drawn).toMatch(/^[AB]$/);
    expect(first.html).toContain(drawn === "A" ? HEADLINE_A : HEADLINE_B);
  });

  it("sends /blog with its heading and the reads skeletons, and the page's own title", async () => {
    const { html } = await fetchDocument(`${server.baseUrl}/blog`);
    expect(html).toContain("This Week&#x27;s Reads");
    expect(html).toContain("Quick, practical ideas for modern dads.");
    expect(html).toContain('data-prerendered="/blog"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script(?![^>]*type="module")/);
  });

  it("sends pages that are not prerendered as the empty shell", async () => {
    const { html } = await fetchDocument(`${server.baseUrl}/login`);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe.skipIf(!browserAvailable)("hydrating prerendered pages in Chromium", () => {
  // The console is checked as a visitor's browser runs the page, service worker included.
  const browser = useBrowser({ serviceWorkers: "allow" });
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  it("hydrates every prerendered page at 360 px and 1280 px without a warning, keeping the server's DOM", async () => {
    for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
      // One visitor at each width: the first page is a first visit (the service worker installs and precaches the app),
      // the others are his next pages. Each document still comes from the server (a navigation goes to the network
      // first); a fresh browser per page would only precache the whole app again, eighteen times.
      const page = await browser.newPage(viewport);
      const problems = await watch(page);
      for (const pathname of PRERENDERED_PATHS) {
        problems.length = 0;
        await page.goto(`${server.baseUrl}${pathname}`);
        await page.waitForLoadState("networkidle");
        expect({ pathname, problems }).toEqual({ pathname, problems: [] });
        expect({ pathname, kept: await keptFirstHeadline(page) }).toEqual({ pathname, kept: true });
      }
      await page.context().close();
    }
  }, 180_000);

  it("shows a B visitor variant B on /, even when the document was prerendered as A", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const problems = await watch(page);
    await page.addInitScript(() => localStorage.setItem("heydad.abVariant", "B"));
    await page.context().addCookies([{ name: "heydad_ab", value: "A", url: server.baseUrl }]);
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: HEADLINE_B }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    // The browser's choice is mirrored in the cookie, so the next document comes prerendered as B.
    const cookies = await page.context().cookies(server.baseUrl);
    expect(cookies.find((cookie) => cookie.name === "heydad_ab")?.value).toBe("B");
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await keptFirstHeadline(page)).toBe(true);
  });

  it("keeps what a visitor types and presses before the app has taken the page over", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const problems = await watch(page);
    // Hold the app's JavaScript back, as a slow phone network would.
    await page.route(/\/assets\/start-app-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/dadmoves`);
    await page.getByLabel("Email address").fill(`early${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Send me the moves" }).click();
    expect(page.url()).toBe(`${server.baseUrl}/dadmoves`);
    await page.getByText("Check your inbox! The Dad Moves download is on its way.").waitFor();
    expect(await page.getByLabel("Email address").inputValue()).toBe("");
    expect(problems).toEqual([]);
  });

  it("sends a signed-in dad from / to his dashboard", async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await signedInDad(server, page, `prerender${Date.now()}@example.com`);

    const problems = await watch(page);
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
});
