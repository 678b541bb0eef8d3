import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signedInDad, startE2eServer } from "../support/e2e-server";
import { controlsCoveredOnPage, screenshotAtBothWidths } from "../support/screens";
import { startFakeStripe } from "../support/stripe-server";

const longDate = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });

/** Every console error the page logs, failed requests included (Chromium logs a 4xx/5xx as 'Failed to load resource'). */
function consoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

async function expectAccessible(page: Page, selector?: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  expect(await seriousAxeViolations(page, selector)).toEqual([]);
}

async function userId(server: E2eServer, email: string) {
  const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
  return rows[0].id as string;
}

/** The gift purchase, not anyone's own plan: the plan picker and the buyer's email under 'Gift Dad a subscription'. */
async function expectGiftPurchase(page: Page) {
  await page.getByRole("heading", { name: "Gift Dad a subscription", level: 1 }).waitFor();
  await page.getByRole("radio", { name: /Annual/ }).waitFor();
  await page.getByRole("radio", { name: /Monthly/ }).waitFor();
  await page.getByLabel("Your email").waitFor();
  expect(await page.getByRole("button", { name: /Cancel subscription|Resume subscription/ }).count()).toBe(0);
  expect(await page.getByText(/Your plan:/).count()).toBe(0);
}

/** Settings' Billing section as a screen reader lists it: each term with its value. */
async function billingLines(page: Page) {
  const section = page.getByRole("region", { name: "Billing" });
  await section.locator("dl").waitFor();
  return section.locator("dl").evaluate((list) =>
    Object.fromEntries(Array.from(list.querySelectorAll("dt")).map((term) => [term.textContent, term.nextElementSibling?.textContent ?? ""])),
  );
}

describe.skipIf(!browserAvailable)("billing in Settings, and a gift bought by anyone (TEST MODE checkout)", () => {
  const browser = useBrowser();
  let server: E2eServer;

  it("signed out at 360 px: /pricing → 'Give it as a gift' and /gift → 'Gift Dad a subscription' show the gift purchase; no console error on the public pages, not even /api/me", async () => {
    server = await startE2eServer();
    const page = await browser.newPage({ width: 360, height: 800 });
    const errors = consoleErrors(page);
    const meAnswers: number[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/me") meAnswers.push(response.status());
    });

    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole("link", { name: "Give it as a gift" }).click();
    await page.waitForURL(/\/pricing\?isGuest=true/);
    await expectGiftPurchase(page);
    await expectAccessible(page);

    // The footer: this year, and 'Sign Up' for a visitor.
    const footer = page.getByRole("contentinfo");
    await footer.getByText(`© ${new Date().getFullYear()} Hey Dad`).waitFor();
    await footer.getByRole("link", { name: "Sign Up" }).waitFor();

    await page.goto(`${server.baseUrl}/gift`);
    await page.getByRole("link", { name: "Gift Dad a subscription" }).click();
    await expectGiftPurchase(page);
    await screenshotAtBothWidths(page, "gift-purchase-signed-out");

    // The other public pages that are not prerendered (those are checked in prerendered-pages.test.ts).
    for (const pathname of ["/login", "/signup", "/pocket-dad", "/activate-gift-code?giftcode=ABCDEFGHJKMN2"]) {
      await page.goto(`${server.baseUrl}${pathname}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.waitForLoadState("networkidle");
    }
    expect(meAnswers.length).toBeGreaterThan(0);
    expect(meAnswers.every((status) => status === 200)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("in his free month: Settings says so; subscribing says nothing was charged and when the plan starts; subscribed, he buys a gift; he cancels and resumes in Settings", async () => {
    const page = await browser.newPage();
    const errors = consoleErrors(page);
    const email = `setdad${Date.now()}@example.com`;
    await signedInDad(server, page, email);
    const id = await userId(server, email);
    const { rows } = await server.pool.query("SELECT created_at + interval '30 days' AS trial_end FROM profiles WHERE id = $1", [id]);
    const trialEnd = longDate(rows[0].trial_end as Date);

    await page.goto(`${server.baseUrl}/settings`);
    expect(await billingLines(page)).toEqual({
      Plan: "Free month",
      Status: `Free month until ${trialEnd}`,
      "Next charge": "None: no card needed until you choose a plan",
    });
    const section = page.getByRole("region", { name: "Billing" });
    await section.getByRole("link", { name: "Choose a plan" }).waitFor();
    await expectAccessible(page, "#billing");
    await section.scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "settings-billing-free-month");
    // The footer of a signed-in dad offers no 'Sign Up'.
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Privacy Policy" }).waitFor();
    expect(await footer.getByRole("link", { name: "Sign Up" }).count()).toBe(0);

    await section.getByRole("link", { name: "Choose a plan" }).click();
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByRole("button", { name: "Start my plan (test)" }).click();
    await page.getByRole("heading", { name: "Your plan is set!" }).waitFor();
    await page.getByText("Nothing charged today").waitFor();
    await page.getByText(`Your Annual plan starts on ${trialEnd}, the last day of your free month`, { exact: false }).waitFor();
    expect(await page.getByText("Payment Confirmed").count()).toBe(0);
    await expectAccessible(page);

    // Subscribed (and still in his free month), he gives a gift: /pricing → 'Give it as a gift', and /gift.
    await page.goto(`${server.baseUrl}/pricing`);
    await page.getByRole("heading", { name: "Your subscription" }).waitFor();
    await page.getByRole("link", { name: "Give it as a gift" }).click();
    await expectGiftPurchase(page);
    expect(await page.getByLabel("Your email").inputValue()).toBe(email);
    await page.goto(`${server.baseUrl}/gift`);
    await page.getByRole("link", { name: "Gift Dad a subscription" }).click();
    await expectGiftPurchase(page);
    await expectAccessible(page);
    await screenshotAtBothWidths(page, "gift-purchase-subscribed");
    await page.getByRole("radio", { name: /Monthly/ }).check({ force: true });
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByRole("button", { name: "Pay $4.99 once (test)" }).click();
    await page.getByRole("heading", { name: "Gift Purchase Successful!" }).waitFor();
    expect((await server.latestEmail(email, "gift code")).text).toMatch(/\b[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{13}\b/);

    // Settings: the plan he chose, starting when the free month ends; cancel, then resume, there.
    await page.goto(`${server.baseUrl}/settings`);
    expect(await billingLines(page)).toEqual({
      Plan: "Annual, $39.99 a year",
      Status: `Free month until ${trialEnd}; your plan starts that day`,
      "Next charge": `$39.99 on ${trialEnd}`,
    });
    await section.getByRole("button", { name: "Cancel subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel subscription" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => billingLines(page)).toEqual({
      Plan: "Annual, $39.99 a year",
      Status: `Cancelled — you keep access until ${trialEnd}`,
      "Next charge": "None: nothing more is charged",
    });
    await expectAccessible(page, "#billing");
    expect(await controlsCoveredOnPage(page, "#billing a, #billing button")).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "settings-billing-cancelled");
    expect((await server.latestEmail(email, "cancelled")).text).toContain(`You keep full access until ${trialEnd}`);

    await section.getByRole("button", { name: "Resume subscription" }).click();
    await expect.poll(async () => (await billingLines(page)).Status).toBe(`Free month until ${trialEnd}; your plan starts that day`);
    await section.getByRole("button", { name: "Cancel subscription" }).waitFor();
    expect((await server.latestEmail(email, "continues")).subject).toBe("Your Hey Dad plan continues");
    expect(errors).toEqual([]);
  });

  it("after the free month: lapsed, then a gift, then a paid plan with its receipt; a lapsed dad can still buy a gift", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const errors = consoleErrors(page);
    const email = `lapsed${Date.now()}@example.com`;
    await signedInDad(server, page, email);
    const id = await userId(server, email);
    await server.pool.query("UPDATE profiles SET created_at = now() - interval '40 days' WHERE id = $1", [id]);
    const { rows } = await server.pool.query("SELECT created_at + interval '30 days' AS trial_end FROM profiles WHERE id = $1", [id]);

    await page.goto(`${server.baseUrl}/settings`);
    // The pricing modal opens for a lapsed dad on arrival; he puts it aside.
    await page.getByRole("button", { name: "No thanks, maybe later" }).click();
    expect(await billingLines(page)).toEqual({ Plan: "No plan", Status: `Lapsed since ${longDate(rows[0].trial_end as Date)}`, "Next charge": "None" });
    await page.getByText("Your memories are kept and never deleted.", { exact: false }).waitFor();
    await expectAccessible(page, "#billing");
    await page.getByRole("region", { name: "Billing" }).scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "settings-billing-lapsed");

    await page.goto(`${server.baseUrl}/pricing?isGuest=true`);
    await expectGiftPurchase(page);

    // A gift from mom.
    const code = "GXFTSETT2345A";
    await server.pool.query("INSERT INTO gift_codes (code, checkout_session_id, buyer_email, months) VALUES ($1, $2, 'mom@example.com', 1)", [code, `cs_gift_set_${Date.now()}`]);
    await page.goto(`${server.baseUrl}/activate-gift-code?giftcode=${code}`);
    await page.getByRole("heading", { name: "Gift Redeemed Successfully!" }).waitFor({ timeout: 15_000 });
    const { rows: account } = await server.pool.query("SELECT gift_access_until FROM billing_accounts WHERE user_id = $1", [id]);
    const giftUntil = longDate(account[0].gift_access_until as Date);
    await page.goto(`${server.baseUrl}/settings`);
    expect(await billingLines(page)).toEqual({ Plan: "Gift", Status: `Gifted until ${giftUntil} (from mom@example.com)`, "Next charge": "None: a gift never renews" });
    await expectAccessible(page, "#billing");
    await page.getByRole("region", { name: "Billing" }).scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "settings-billing-gift");
    expect((await server.latestEmail(email, "gift is active")).text).toContain(`mom@example.com gave you a month of Hey Dad. Your access now runs until ${giftUntil}.`);

    // A paid plan after the free month (beside the gift): money moves, so the page confirms the payment and a receipt is emailed.
    await page.goto(`${server.baseUrl}/pricing?plan=monthly`);
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByRole("button", { name: /^Pay \$4\.99/ }).click();
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    await page.getByText("Payment Confirmed").waitFor();
    expect((await server.latestEmail(email, "receipt")).text).toContain("Receipt: $4.99 paid on");
    await page.goto(`${server.baseUrl}/settings`);
    const lines = await billingLines(page);
    expect(lines).toMatchObject({ Plan: "Monthly, $4.99 a month", Status: "Active" });
    expect(lines["Next charge"]).toMatch(/^\$4\.99 on \w+ \d+, \d{4}$/);
    await expectAccessible(page, "#billing");
    await page.getByRole("region", { name: "Billing" }).scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "settings-billing-active");
    expect(errors).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)("billing in Settings with Stripe (the real SDK against a local Stripe server)", () => {
  const browser = useBrowser();
  const stripe = startFakeStripe();
  afterAll(() => stripe.stop());

  it("a subscribed dad opens Stripe's billing portal from Settings", async () => {
    const port = await stripe.start();
    const server = await startE2eServer({
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_WEBHOOK_SECRET: "whsec_settings",
      STRIPE_PRICE_MONTHLY: "price_m_settings",
      STRIPE_PRICE_ANNUAL: "price_y_settings",
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    });
    const page = await browser.newPage({ width: 360, height: 800 });
    const errors = consoleErrors(page);
    await signedInDad(server, page, `portal${Date.now()}@example.com`);
    const checkout = await page.request.post(`${server.baseUrl}/api/create-checkout-session`, {
      headers: { origin: server.baseUrl },
      data: { priceId: "price_y_settings", interval: "year", isGuest: false },
    });
    const { id } = (await checkout.json()) as { id: string };
    stripe.complete(id);
    expect((await (await page.request.get(`${server.baseUrl}/api/verify-payment?session_id=${id}`)).json()).status).toBe("success");

    // The portal lives at Stripe: the page is sent there (caught here, as the address does not exist).
    await page.route("https://billing.stripe.test/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Stripe portal</title><h1>Portal</h1>" }));
    await page.goto(`${server.baseUrl}/settings`);
    const section = page.getByRole("region", { name: "Billing" });
    await section.getByRole("button", { name: "Cancel subscription" }).waitFor();
    await expectAccessible(page, "#billing");
    await section.scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "settings-billing-stripe");
    await section.getByRole("button", { name: "Card and invoices" }).click();
    await page.waitForURL(/^https:\/\/billing\.stripe\.test\/p\/cus_/);
    expect(errors).toEqual([]);
  });
});
