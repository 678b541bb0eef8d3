import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";

/**
 * Waits until the app has taken over the prerendered page: the header's links come once it knows the visitor is
 * signed out. Before that a click on a prerendered link loads a whole new document instead of the router's move.
 */
async function appHasTakenOver(page: Page) {
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.locator("header").getByRole("link", { name: "Log in" }).waitFor();
}

/**
 * The start page again, taken over by the app, before the next link's click. From a page the router moved to, the
 * browser's Back returns to it in the same document (the link's page load is not what is tested, and a new load of the
 * app costs a second a link). Before a link to a section the page is loaded afresh, at its top: Back would restore the
 * scroll position of the last click, which may already show the section.
 */
async function backToStart(page: Page, startUrl: string, toSection: boolean) {
  const atStart = () => page.url() === startUrl;
  if (!atStart() && !toSection) await page.goBack({ waitUntil: "commit" });
  if (!atStart() || toSection) await page.goto(startUrl);
  await appHasTakenOver(page);
}

describe.skipIf(!browserAvailable)("every header and footer link lands, on landing variants A and B", () => {
  const browser = useBrowser();

  it("clicks each link of the header and the footer from / for visitors on A and on B, and from /b", { timeout: 400_000 }, async () => {
    const server = await startE2eServer({ RATE_LIMIT: "off" });
    const failures: string[] = [];
    for (const [variant, start] of [["A", "/"], ["B", "/"], ["B", "/b"]] as const) {
      {
        const page = await browser.newPage({ width: 1280, height: 900 });
        await page.addInitScript((variant) => localStorage.setItem("heydad.abVariant", variant), variant);
        await page.goto(`${server.baseUrl}${start}`);
        await appHasTakenOver(page);
        const visibleLinks = () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll<HTMLAnchorElement>("header a[href], footer a[href]"))
              // The skip link is for keyboards (it shows on focus); every link a pointer can reach is clicked.
              .filter((link) => link.offsetWidth > 1 && !link.getAttribute("href")!.startsWith("#"))
              .map((link) => ({ href: link.getAttribute("href")!, text: link.textContent!.trim(), inFooter: Boolean(link.closest("footer")) })),
          );
        // Read once the page has settled: the visitor's variant takes over from the prerendered page after hydration.
        await expect.poll(async () => (await visibleLinks()).filter((link) => link.inFooter).length, { timeout: 15_000 }).toBe(9);
        const links = await visibleLinks();
        for (const link of links) {
          await backToStart(page, `${server.baseUrl}${start}`, link.href.includes("#"));
          await page.locator(`${link.inFooter ? "footer" : "header"} a[href="${link.href}"]`, { hasText: link.text }).first().click();
          const url = new URL(link.href, server.baseUrl);
          // The router moves to the page in the same document: its address changes, no load event follows.
          await page.waitForURL((current) => current.pathname === url.pathname, { waitUntil: "commit" });
          const where = `${variant} ${start} → ${link.text} (${link.href})`;
          if (url.hash) {
            const landed = await page
              .waitForFunction((id) => {
                const target = document.getElementById(id);
                if (!target) return false;
                const box = target.getBoundingClientRect();
                return box.top < window.innerHeight && box.bottom > 0;
              }, url.hash.slice(1), { timeout: 10_000 })
              .then(() => true, () => false);
            if (!landed) failures.push(`${where}: section not shown`);
          } else {
            await page.getByRole("heading", { level: 1 }).first().waitFor();
            if (await page.getByRole("heading", { name: /not found/i }).count()) failures.push(`${where}: not found`);
          }
        }
        await page.context().close();
      }
    }
    expect(failures).toEqual([]);
  });
});
