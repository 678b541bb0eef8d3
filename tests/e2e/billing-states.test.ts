import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signedInDad, startE2eServer } from "../support/e2e-server";
import { controlsCoveredOnPage, screenshotAtBothWidths } from "../support/screens";

const longDate = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

async function userId(server: E2eServer, email: string) {
  const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
  return rows[0].id as string;
}

/** Subscribes through the TEST MODE checkout, from /pricing. */
async function subscribe(page: Page, server: E2eServer) {
  await page.goto(`${server.baseUrl}/pricing`);
  await page.getByRole("button", { name: "Get Started" }).click();
  await page.waitForURL(/\/checkout\/test\/cs_test_/);
  await page.getByRole("button", { name: "Start my plan (test)" }).click();
  await page.getByRole("heading", { name: "Your plan is set!" }).waitFor();
}

describe.skipIf(!browserAvailable)("what /pricing says about the plan a dad holds (TEST MODE checkout)", () => {
  const browser = useBrowser();
  let server: E2eServer;

  it("after cancelling, /pricing says 'Cancelled — you keep access until {date}', and 'Resume subscription' brings the plan back", async () => {
    server = await startE2eServer();
    const page = await browser.newPage();
    await signedInDad(server, page, `cancel${Date.now()}@example.com`);
    await subscribe(page, server);

    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole("heading", { name: "Your subscription" }).waitFor();
    const plan = page.getByRole("heading", { name: /Your plan: Annual/ }).locator("..");
    const periodEnd = (await plan.textContent())!.match(/until (\w+ \d+, \d{4})/)![1];
    await plan.getByText(/the first charge falls then/).waitFor();

    await page.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await dialog.waitFor({ state: "hidden" });
    await plan.getByText(`Cancelled — you keep access until ${periodEnd}.`, { exact: false }).waitFor();
    expect(await plan.getByText(/the first charge falls then/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Cancel subscription" }).count()).toBe(0);
    await page.getByRole("button", { name: "Resume subscription" }).waitFor();
    expect(await controlsCoveredOnPage(page, "main a, main button")).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtBothWidths(page, "pricing-cancelled");

    // Still cancelled after a reload: the state is the server's, not the page's.
    await page.reload();
    await plan.getByText(/^Cancelled — you keep access until/).waitFor();

    await page.getByRole("button", { name: "Resume subscription" }).click();
    await plan.getByText(/the first charge falls then/).waitFor();
    expect(await plan.getByText(/Cancelled/).count()).toBe(0);
    await page.getByRole("button", { name: "Cancel subscription" }).waitFor();
    await page.reload();
    await plan.getByText(`Your free month runs until ${periodEnd}; the first charge falls then.`).waitFor();
    await screenshotAtBothWidths(page, "pricing-resumed");
  });

  it("the signed-out gift link offers 'Sign in' beside 'Create account'; signing in comes back to the link, redeems it, and /pricing shows the gift", async () => {
    const dad = `giftdad${Date.now()}@example.com`;
    // He has an account already (signed up in another browser).
    const other = await browser.newPage();
    await signedInDad(server, other, dad);
    await other.context().close();
    const code = "GXFT2345ABCDE";
    await server.pool.query("INSERT INTO gift_codes (code, checkout_session_id, buyer_email, months) VALUES ($1, $2, $3, 12)", [
      code,
      `cs_gift_${Date.now()}`,
      "mom@example.com",
    ]);

    const page = await browser.newPage({ width: 360, height: 800 });
    await page.goto(`${server.baseUrl}/activate-gift-code?giftcode=${code.toLowerCase()}`);
    await page.getByRole("heading", { name: "Sign in to redeem your gift" }).waitFor();
    await page.getByRole("link", { name: "Create account" }).waitFor();
    await screenshotAtBothWidths(page, "gift-link-signed-out");
    await page.getByRole("main").getByRole("link", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/login\?/);
    await page.getByLabel("Email").fill(dad);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/activate-gift-code\?giftcode=/);
    await page.getByRole("heading", { name: "Gift Redeemed Successfully!" }).waitFor({ timeout: 15_000 });
    const { rows } = await server.pool.query("SELECT redeemed_by FROM gift_codes WHERE code = $1", [code]);
    expect(rows[0].redeemed_by).toBe(await userId(server, dad));

    await page.goto(`${server.baseUrl}/pricing`);
    const { rows: account } = await server.pool.query("SELECT gift_access_until FROM billing_accounts WHERE user_id = $1", [await userId(server, dad)]);
    const until = longDate(account[0].gift_access_until as Date);
    await page.getByText(`Gift from mom@example.com — access until ${until}`).waitFor();
    await page.getByText(/After that, choose a plan below to keep recording/).waitFor();
    expect(await controlsCoveredOnPage(page, "main a, main button")).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotAtBothWidths(page, "pricing-gift");
  });

  it("a login link may only bring the dad back inside the app: an outside 'next' goes to the dashboard", async () => {
    const dad = `nextdad${Date.now()}@example.com`;
    const other = await browser.newPage();
    await signedInDad(server, other, dad);
    await other.context().close();
    for (const next of ["https://evil.example.com/x", "//evil.example.com/x", "/\\evil.example.com"]) {
      const page = await browser.newPage();
      await page.goto(`${server.baseUrl}/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel("Email").fill(dad);
      await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.waitForURL(`${server.baseUrl}/dashboard`);
      await page.context().close();
    }
  });
});
