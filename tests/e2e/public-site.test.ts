import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";
import { BOTH_WIDTHS, PHONE, resizeTo } from "../support/screens";

/** Every public page with the headline it must show. */
const PAGES = [
  { path: "/", variant: "A", headline: "Be there now. Be there forever." },
  { path: "/", variant: "B", headline: "Be the dad you mean to be." },
  { path: "/b", headline: "Be the dad you mean to be." },
  { path: "/five-minutes", headline: "Be there now. Be there forever." },
  { path: "/six-minutes", headline: "Be there now. Be there forever." },
  { path: "/dadmoves", headline: "Want to download a year's worth of dad moves?" },
  { path: "/blog", headline: "This Week's Reads" },
  { path: "/blog/saying-sorry", headline: "How to Say Sorry So It Lasts" },
  { path: "/privacy", headline: "Privacy Policy" },
  { path: "/terms", headline: "Terms of Service" },
  { path: "/about", headline: "About Hey Dad" },
];

describe.skipIf(!browserAvailable)("the public site in Chromium", () => {
  const browser = useBrowser();
  let server: Awaited<ReturnType<typeof startE2eServer>>;

  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  });

  // Each page is loaded once and checked at both widths by resizing it: axe takes seconds a page on a busy machine.
  for (const entry of PAGES) {
    describe(`${entry.path}${entry.variant ? ` (variant ${entry.variant})` : ""}`, () => {
      let page: Page;
      beforeAll(async () => {
        page = await browser.openPage(PHONE);
        if (entry.variant) await page.addInitScript((variant) => localStorage.setItem("heydad.abVariant", variant), entry.variant);
        await page.goto(`${server.baseUrl}${entry.path}`);
        await page.getByRole("heading", { level: 1, name: entry.headline }).waitFor();
        // Reads load after the headline: wait for the list (or its empty message) so axe sees the finished page.
        await page.waitForLoadState("networkidle");
      });
      afterAll(async () => {
        await page?.context().close();
      });

      for (const viewport of BOTH_WIDTHS) {
        it(`renders at ${viewport.width} px: its headline, no sideways scroll, no serious axe violation`, async () => {
          await resizeTo(page, viewport);
          expect(await page.getByRole("heading", { level: 1, name: entry.headline }).isVisible()).toBe(true);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width).toBe(viewport.width);
          expect(await seriousAxeViolations(page)).toEqual([]);
        });
      }
    });
  }

  it("signs up for Dad Moves on /dadmoves, shows the success message, and the email with the PDF is in /dev/mailbox", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const email = `moves${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/dadmoves`);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send me the moves" }).click();
    await page.getByText("Check your inbox! The Dad Moves download is on its way.").waitFor();
    expect(await page.getByLabel("Email address").inputValue()).toBe("");

    const message = await server.latestEmail(email, "52 Dad Moves");
    await page.goto(`${server.baseUrl}/dev/mailbox/${message.id}`);
    const attachment = page.getByRole("link", { name: "52-dad-moves.pdf" });
    await attachment.waitFor();
    const pdf = await page.request.get(`${server.baseUrl}${await attachment.getAttribute("href")}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    expect(message.text).toContain("/api/unsubscribe?token=");
  });

  it("logs the visitor's variant once and keeps it across reloads; the /b dialog stays open with its confirmation", async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The headline comes with the prerendered HTML; the app logs the assignment once it runs.
    await page.waitForFunction(() => localStorage.getItem("heydad.abAssignmentLogged"));
    const first = await page.evaluate(() => ({ variant: localStorage.getItem("heydad.abVariant"), visitor: localStorage.getItem("heydad.visitorId") }));
    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    const second = await page.evaluate(() => ({ variant: localStorage.getItem("heydad.abVariant"), visitor: localStorage.getItem("heydad.visitorId") }));
    expect(second).toEqual(first);
    await expect.poll(async () => (await server.pool.query("select variant from landing_page_assignments where visitor_id = $1", [first.visitor])).rows).toEqual([{ variant: first.variant }]);

    await page.goto(`${server.baseUrl}/b`);
    await page.getByRole("button", { name: "Get on the list — send me the free PDF" }).click();
    const dialog = page.getByRole("dialog", { name: "Get 52 Dad Moves" });
    await dialog.getByLabel("Email address").fill(`dialog${Date.now()}@example.com`);
    await dialog.getByRole("button", { name: "Send me the PDF" }).click();
    await dialog.getByText("You're on the list! Check your inbox.").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    // The conversion is sent once the sign-up succeeded, alongside the confirmation.
    const conversions = async () => (await server.pool.query("select conversion_type from landing_page_conversions where visitor_id = $1", [first.visitor])).rows;
    await expect.poll(conversions).toEqual([{ conversion_type: "email_signup" }]);
  });
});
