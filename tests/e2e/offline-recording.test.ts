import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { OFFLINE_COPY } from "../../src/shared/copy";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signUpConfirmed, startE2eServer } from "../support/e2e-server";

/** What waits on the device (lib/outbox.ts): each memory's title and kind, and the sha256 and size of its recording. */
function waitingOnDevice(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Array<{ title: string; kind: string; sha256: string | null; bytes: number }>>((resolve, reject) => {
        const open = indexedDB.open("HeyDadOutbox", 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("items").objectStore("items").getAll();
          read.onsuccess = async () => {
            const items = read.result as Array<{ title: string; kind: string; audio?: Blob | null; video?: Blob }>;
            const hex = (buffer: ArrayBuffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
            resolve(
              await Promise.all(
                items.map(async (item) => {
                  const blob = item.video ?? item.audio ?? null;
                  // A blob the device can no longer read would hang the test: it says so instead.
                  const unreadable = new Promise<string>((done) => setTimeout(() => done("unreadable"), 10_000));
                  const digest = blob ? await Promise.race([blob.arrayBuffer().then(async (bytes) => hex(await crypto.subtle.digest("SHA-256", bytes))), unreadable]) : null;
                  return { title: item.title, kind: item.kind, sha256: digest, bytes: blob?.size ?? 0 };
                }),
              ),
            );
            open.result.close();
          };
        };
      }),
  );
}

/** Fills the fields every memory has: a title and the child. */
async function describeMemory(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByText("Maya", { exact: true }).click();
}

async function savedOnPhone(page: Page) {
  await page.waitForURL(/\/dashboard$/);
  await page.getByText(OFFLINE_COPY.savedOnDevice).first().waitFor();
}

describe.skipIf(!browserAvailable)("recording with no network, sent when back online", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 800 }, serviceWorkers: "allow" });
  let server: E2eServer;

  beforeAll(async () => {
    server = await startE2eServer();
  });

  it("asks Dad about a memory whose child was deleted while it waited, and sends it without that child when he says so", { timeout: 180_000 }, async () => {
    const page = await browser.newPage();
    const email = `offline-conflict${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);
    const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
    await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2013-05-02'), ($1, 'Leo', '2017-09-10')", [rows[0].id]);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    await page.getByText("Leo", { exact: true }).waitFor();
    await page.waitForTimeout(1000);

    await page.context().setOffline(true);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await describeMemory(page, "For both of them");
    await page.getByText("Leo", { exact: true }).click();
    await page.getByRole("button", { name: "Save Quick Note" }).click();
    await savedOnPhone(page);

    // Leo's profile is deleted on another device meanwhile.
    await server.pool.query("DELETE FROM children WHERE user_id = $1 AND name = 'Leo'", [rows[0].id]);
    await page.context().setOffline(false);
    await page.getByRole("button", { name: "Needs you" }).click();
    const dialog = page.getByRole("dialog", { name: OFFLINE_COPY.conflictTitle });
    await dialog.getByText("One of the selected children could not be found.", { exact: false }).waitFor();
    // Nothing was sent and nothing was dropped.
    expect((await waitingOnDevice(page)).map((item) => item.title)).toEqual(["For both of them"]);
    await dialog.getByRole("button", { name: OFFLINE_COPY.sendToOthers }).click();
    await page.getByRole("region", { name: /waiting to send/ }).waitFor({ state: "detached", timeout: 60_000 });
    // The list leaves the page as the send starts; the memory is on the server once its request has answered.
    const saved = async () =>
      ((await (await page.request.get(`${server.baseUrl}/api/memories?kind=all&limit=50`)).json()) as { items: Array<{ title: string; children: Array<{ name: string }> }> }).items.map(
        (item) => [item.title, item.children.map((child) => child.name)],
      );
    await expect.poll(saved, { timeout: 30_000 }).toEqual([["For both of them", ["Maya"]]]);
  });
});
