import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { OWN_READS } from "../../src/shared/own-reads";
import { READS_COPY } from "../../src/shared/reads";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";
import { saveScreenshot } from "../support/screens";

const EMPTY = READS_COPY.empty;
const SHOTS = "test-results/own-reads";

/** Console errors and warnings (hydration mismatches show there), minus Chromium's note on the signed-out 401 from /api/me. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

describe("the product's own reads with no newsletter configured (the default)", () => {
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  it("sends /blog with the reads in the HTML, not the empty message", async () => {
    const html = await (await fetch(`${server.baseUrl}/blog`)).text();
    expect(html).not.toContain("Couldn&#x27;t load");
    expect(html).not.toContain("Couldn't load");
    for (const read of OWN_READS) expect(html, read.slug).toContain(`href="/blog/${read.slug}"`);
  });

  it("sends each article prerendered: its title, hook, reading time, image and body, with its own meta", async () => {
    const read = OWN_READS.find((each) => each.slug === "first-birthday-message")!;
    const response = await fetch(`${server.baseUrl}/blog/${read.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${read.title} · Hey Dad</title>`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`data-prerendered="/blog/${read.slug}"`);
    expect(html).toContain(`>${read.title}</h1>`);
    expect(html).toContain("3-min read");
    expect(html).toContain(`src="${read.image}"`);
    expect(html).toContain("Why the first year is worth a message</h2>");
    expect(html).not.toMatch(/<script(?![^>]*type="module")/);
    expect((await fetch(`${server.baseUrl}${read.image}`)).headers.get("content-type")).toContain("image/svg+xml");
  });

  it("answers an unknown read 404 with the not-found page", async () => {
    const response = await fetch(`${server.baseUrl}/blog/no-such-read`);
    expect(response.status).toBe(404);
  });
});

describe.skipIf(!browserAvailable)("own reads in Chromium", () => {
  // The console is checked as a visitor's browser runs the page, service worker included.
  const browser = useBrowser({ serviceWorkers: "allow" });
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  it("shows the reads on /blog and on the landing page on a first visit, then opens, shares and leaves an article", async () => {
    for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
      const page = await browser.newPage(viewport);
      const problems = watch(page);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.baseUrl });
      await page.goto(`${server.baseUrl}/blog`);
      await page.waitForLoadState("networkidle");
      expect(await page.getByText(EMPTY).count()).toBe(0);
      expect(await page.getByRole("article").count()).toBe(OWN_READS.length);
      await saveScreenshot(page, `${SHOTS}/blog-${viewport.width}.png`, { fullPage: viewport.width === 1280 });

      const first = OWN_READS[0]!;
      await page.getByRole("link", { name: new RegExp(`^Read it →.*${first.title}`) }).click();
      await page.getByRole("heading", { level: 1, name: first.title }).waitFor();
      expect(page.url()).toBe(`${server.baseUrl}/blog/${first.slug}`);
      // The body is its own chunk, loaded on a client-side visit.
      await page.getByRole("heading", { level: 2, name: "Why the first year is worth a message" }).waitFor();
      expect(await page.title()).toBe(`${first.title} · Hey Dad`);

      // Headless Chromium has no share sheet here, so Share copies the link.
      await page.getByRole("button", { name: "Share" }).click();
      await page.getByRole("button", { name: "Link copied" }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseUrl}/blog/${first.slug}`);

      // A full load hydrates the prerendered article, keeping the server's body (no flash to the skeleton).
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { firstSubhead: Element | null }).firstSubhead = document.querySelector("article h2");
        });
      });
      await page.goto(`${server.baseUrl}/blog/saying-sorry`);
      await page.waitForLoadState("networkidle");
      expect(
        await page.evaluate(() => {
          const first = (window as unknown as { firstSubhead: Element | null }).firstSubhead;
          return Boolean(first?.isConnected && first === document.querySelector("article h2") && first.textContent === "What a good apology sounds like");
        }),
      ).toBe(true);
      expect(await page.getByRole("status", { name: "Loading the article" }).count()).toBe(0);
      await saveScreenshot(page, `${SHOTS}/article-${viewport.width}.png`, { fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBe(viewport.width);
      await page.getByRole("link", { name: "Back to all reads" }).click();
      await page.getByRole("heading", { level: 1, name: READS_COPY.heading }).waitFor();

      await page.goto(`${server.baseUrl}/five-minutes`);
      await page.getByRole("heading", { level: 2, name: READS_COPY.carouselHeading }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.getByText(EMPTY).count()).toBe(0);
      expect(await page.getByRole("list", { name: "Latest reads" }).getByRole("article").count()).toBe(5);

      await page.goto(`${server.baseUrl}/blog/no-such-read`);
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }, 180_000);

  it("falls back to showing the link to copy when the browser refuses the clipboard", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await page.goto(`${server.baseUrl}/blog/deployed-dad`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Share" }).click();
    const field = page.getByLabel("Copy this link to share it:");
    await field.waitFor();
    expect(await field.inputValue()).toBe(`${server.baseUrl}/blog/deployed-dad`);
    await page.context().close();
  });
});
