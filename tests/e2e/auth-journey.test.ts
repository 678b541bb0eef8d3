import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";

describe.skipIf(!browserAvailable)("account journey in Chromium", () => {
  const browser = useBrowser();
  let server: Awaited<ReturnType<typeof startE2eServer>>;

  it("signs up, confirms by email, lands on the dashboard, signs out, fails with a wrong password, signs in, resets a forgotten password", async () => {
    server = await startE2eServer();
    const page = await browser.newPage();
    const email = `journey${Date.now()}@example.com`;

    await page.goto(`${server.baseUrl}/signup?plan=annual`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
    await page.getByLabel("Confirm password").fill("correct-horse-2");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText("Passwords do not match").isVisible()).toBe(true);

    await page.getByLabel("Confirm password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Check your email for the confirmation link!").waitFor();

    const message = await server.latestEmail(email, "Confirm");
    await page.goto(`${server.baseUrl}/dev/mailbox`);
    await page.getByRole("link", { name: message.subject }).first().click();
    await page.getByRole("link", { name: "Confirm my email" }).click();
    // The plan chosen before sign-up is carried to pricing once signed in.
    await page.waitForURL(/\/pricing\?plan=annual/);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    const signOut = page.getByRole("button", { name: "Sign Out" });
    if (!(await signOut.isVisible())) await page.getByRole("button", { name: /menu/i }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    // Signed out, the browser holds no session cookie: /api/me answers as to any visitor, with no user.
    const me = await page.request.get(`${server.baseUrl}/api/me`);
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ user: null });

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Invalid email or password");

    await page.getByLabel("Password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();

    await page.goto(`${server.baseUrl}/login`);
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    // Forgot the password: the emailed link, the new password's checks, then signed in with it.
    const fresh = await browser.newPage({ width: 360, height: 800 });
    await fresh.goto(`${server.baseUrl}/login`);
    await fresh.getByRole("link", { name: "Forgot password?" }).click();
    // The login page has an Email field too: wait for the reset form before typing.
    await fresh.getByRole("button", { name: "Send reset link" }).waitFor();
    await fresh.getByLabel("Email").fill(email);
    await fresh.getByRole("button", { name: "Send reset link" }).click();
    await fresh.getByText("If an account exists for that email, we sent a reset link.").waitFor();
    const reset = (await server.latestEmail(email, "Reset")).text.match(/https?:\/\/\S+/)![0];
    await fresh.goto(reset);
    await fresh.getByLabel("New password", { exact: true }).fill("short");
    await fresh.getByLabel("Confirm new password").fill("different");
    await fresh.getByRole("button", { name: "Save new password" }).click();
    await fresh.getByText("Password must be at least 8 characters.").waitFor();
    await fresh.getByText("Passwords do not match").waitFor();
    await fresh.getByLabel("New password", { exact: true }).fill("battery-staple-2");
    await fresh.getByLabel("Confirm new password").fill("battery-staple-2");
    await fresh.getByRole("button", { name: "Save new password" }).click();
    await fresh.waitForURL(/\/(dashboard|login)$/);
    if (fresh.url().endsWith("/login")) {
      await fresh.getByLabel("Email").fill(email);
      await fresh.getByLabel("Password").fill("battery-staple-2");
      await fresh.getByRole("button", { name: "Sign in" }).click();
    }
    await fresh.waitForURL(`${server.baseUrl}/dashboard`);
  });

  it("a first sign-up lands on the dashboard with the 'Start here.' coachmark for 8 s; finishing onboarding brings the Dad DNA banner", async () => {
    server ??= await startE2eServer();
    const page = await browser.newPage({ width: 1280, height: 900 });
    const email = `first${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
    await page.getByLabel("Confirm password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Check your email for the confirmation link!").waitFor();

    // The confirmation link opens in a fresh tab, as from a mail app.
    const link = (await server.latestEmail(email, "Confirm")).text.match(/https?:\/\/\S+/)![0];
    // The tab's clock stands still from before it loads, so the coachmark's 8 s start at a known instant whatever
    // the machine's load: the dashboard's data reaches the screen through timers, so the clock is moved on 20 ms at
    // a time until the coachmark shows, then 7 s (still there) and 1.1 s more (gone).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 10_000);
    const landing = await page.context().newPage();
    await landing.goto(link);
    const coachmark = landing.getByRole("status").filter({ hasText: "Start here." });
    await expect
      .poll(async () => {
        await landing.clock.runFor(20);
        return landing.url() === `${server.baseUrl}/dashboard` && (await coachmark.isVisible());
      })
      .toBe(true);
    expect(await coachmark.getByRole("button", { name: "Got it" }).isVisible()).toBe(true);
    await landing.clock.fastForward(7_000);
    expect(await coachmark.isVisible()).toBe(true);
    await landing.clock.fastForward(1_100);
    await coachmark.waitFor({ state: "detached" });
    await page.clock.resume();
    // Signing in later is not a first sign-up: no coachmark in a new tab.
    const later = await page.context().newPage();
    await later.goto(`${server.baseUrl}/dashboard`);
    await later.getByRole("link", { name: "Add a child to start tracking." }).waitFor();
    expect(await later.getByText("Start here.").count()).toBe(0);
    expect(await later.getByText(/Dad DNA test/).count()).toBe(0);

    await later.goto(`${server.baseUrl}/onboarding`);
    await later.getByRole("checkbox", { name: "Calm and patient" }).click();
    await later.getByRole("button", { name: "Next" }).click();
    await later.getByRole("textbox").fill("Get down low and listen first.");
    await later.getByRole("button", { name: "Next" }).click();
    await later.getByRole("textbox").fill("He always showed up.");
    await later.getByRole("button", { name: "Next" }).click();
    await later.getByRole("checkbox", { name: "Staying calm" }).click();
    await later.getByRole("button", { name: "Next" }).click();
    await later.getByRole("checkbox", { name: "Gentle" }).click();
    await later.getByRole("button", { name: "Finish setup" }).click();
    await later.waitForURL(`${server.baseUrl}/dashboard`);
    const banner = later.locator("aside").filter({ hasText: "Dad DNA test" });
    await banner.waitFor();
    expect(await banner.textContent()).toContain("5–7 minutes");
    await banner.getByRole("link", { name: "See details" }).click();
    await later.waitForURL(`${server.baseUrl}/pricing#dad-dna`);
    const events = async () =>
      (await server.pool.query("SELECT name FROM analytics_events WHERE name LIKE 'upsell_dad_dna%' AND user_id = (SELECT id FROM users WHERE email = $1) ORDER BY name", [email])).rows.map((row) => row.name);
    await expect.poll(events, { timeout: 15_000 }).toEqual(["upsell_dad_dna_banner_click", "upsell_dad_dna_banner_show"]);

    await later.goto(`${server.baseUrl}/dashboard`);
    await banner.getByRole("button", { name: "Dismiss" }).click();
    await banner.waitFor({ state: "detached" });
    await later.reload();
    await later.getByRole("link", { name: "Add a child to start tracking." }).waitFor();
    expect(await later.getByText(/Dad DNA test/).count()).toBe(0);
  });
});
