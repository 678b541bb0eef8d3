import type { Page } from "playwright-core";
import PgBoss from "pg-boss";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { signUpConfirmed, startE2eServer, untilNotified } from "../support/e2e-server";
import { controlsCoveredOnPage, screenshotAtBothWidths } from "../support/screens";

type Server = Awaited<ReturnType<typeof startE2eServer>>;

const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];

/** Signs up through the form (with an optional gift code through the modal) and confirms by email. */
async function signUp(page: Page, server: Server, email: string, giftCode?: string) {
  await page.goto(`${server.baseUrl}/signup`);
  if (giftCode) {
    await page.getByRole("button", { name: "Redeem a gift code" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Gift code").pressSequentially(giftCode.toLowerCase());
    expect(await dialog.getByLabel("Gift code").inputValue()).toBe(giftCode);
    await dialog.getByText("Valid", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Continue" }).click();
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
  await page.getByLabel("Confirm password").fill("correct-horse-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByText("Check your email for the confirmation link!").waitFor();
  const message = await server.latestEmail(email, "Confirm");
  await page.goto(linkIn(message.text));
}

async function userId(server: Server, email: string) {
  const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
  return rows[0].id as string;
}

/** axe finds no serious or critical violation on the page once its opening animations have finished. */
async function expectAccessible(page: Page) {
  // Mid-fade text is half transparent, which axe would read as low contrast.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  expect(await seriousAxeViolations(page)).toEqual([]);
}

describe.skipIf(!browserAvailable)("access and money in Chromium (TEST MODE checkout)", () => {
  const browser = useBrowser();
  let server: Server;

  it("subscribes in the free month, is told nothing was charged and when the plan starts, the checklist advances and the bell shows a generated unlock notification", async () => {
    server = await startE2eServer();
    const page = await browser.newPage();
    // He first lands on / as a visitor of the experiment, given variant B.
    await page.addInitScript(() => window.localStorage.setItem("heydad.abVariant", "B"));
    await page.goto(`${server.baseUrl}/`);
    await page.waitForFunction(() => window.localStorage.getItem("heydad.abAssignmentLogged") === "1");
    const visitorId = await page.evaluate(() => window.localStorage.getItem("heydad.visitorId"));
    const email = `sub${Date.now()}@example.com`;
    await signUp(page, server, email);
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    const card = page.getByRole("complementary", { name: "Welcome Dad!" });
    await card.getByText("Let's set up your profile real quick.").waitFor();
    expect(await card.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");

    await card.getByRole("link", { name: /Subscribe/ }).click();
    await page.waitForURL(/\/pricing$/);
    expect(await page.getByRole("radio", { name: /Annual/ }).isChecked()).toBe(true);
    await page.getByText("MOST POPULAR").waitFor();
    await page.getByText("Save 33%").waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Get Started" }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await page.getByText("TEST MODE: no real payment is taken").waitFor();
    // In the free month nothing is charged today, and the button says so (not 'Pay $39.99').
    await page.getByText(/^Nothing is charged today/).waitFor();
    await page.getByRole("button", { name: "Start my plan (test)" }).waitFor();
    await expectAccessible(page);
    await screenshotAtBothWidths(page, "test-checkout-trial");
    await page.getByRole("button", { name: "Start my plan (test)" }).click();
    await page.waitForURL(/\/success\?session_id=/);
    // Nothing was charged in the free month: the page says when the plan starts, not 'Payment Confirmed'.
    await page.getByRole("heading", { name: "Your plan is set!" }).waitFor();
    await page.getByText("Account Active").waitFor();
    await page.getByText("Nothing charged today").waitFor();
    await page.getByText(/^Your Annual plan starts on \w+ \d+, \d{4}, the last day of your free month/).waitFor();
    expect(await page.getByText(/Payment Confirmed|Payment Successful/).count()).toBe(0);
    await expectAccessible(page);
    await screenshotAtBothWidths(page, "success-in-free-month");
    const purchases = () => page.evaluate(() => (window.heydadEvents ?? []).filter((e) => e.name === "Purchase").length);
    expect(await purchases()).toBe(1);
    await page.reload();
    await page.getByRole("heading", { name: "Your plan is set!" }).waitFor();
    expect(await purchases()).toBe(0); // fired once: not again on reload

    // The experiment counted his sign-up, checkout and purchase once each, under B.
    const conversions = async () =>
      (await server.pool.query("SELECT variant, conversion_type FROM landing_page_conversions WHERE visitor_id = $1 ORDER BY conversion_type", [visitorId])).rows;
    await expect.poll(conversions).toEqual([
      { variant: "B", conversion_type: "checkout_started" },
      { variant: "B", conversion_type: "purchase" },
      { variant: "B", conversion_type: "signup" },
    ]);

    // The checklist follows the steps as they are done.
    const id = await userId(server, email);
    await server.pool.query("UPDATE profiles SET full_name = 'Sam' WHERE id = $1", [id]);
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await expect.poll(() => card.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("2");
    // Her birthday is months away: the only notification below is the unlock.
    const maya = await server.pool.query(
      "INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', ((now() AT TIME ZONE 'UTC')::date + 100 - interval '9 years')::date) RETURNING id",
      [id],
    );
    await card.getByRole("link", { name: "Continue" }).click();
    await page.waitForURL(/\/children$/);
    await expect.poll(() => card.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("3");

    // Escape closes the card, and it stays closed.
    await page.goto(`${server.baseUrl}/dashboard`);
    await card.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => card.isVisible()).toBe(false);
    await page.reload();
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    expect(await card.isVisible()).toBe(false);

    // A memory for Maya that unlocks today (in Dad's own time zone), saved as the app saves it.
    const saved = await page.evaluate(async (childId) => {
      const form = new FormData();
      const today = new Date().toLocaleDateString("en-CA"); // YYYY-MM-DD, local
      form.set("data", JSON.stringify({ kind: "note", title: "The day you were born", notes: "", childIds: [childId], unlockType: "date", unlockDate: today }));
      return (await fetch("/api/narrations", { method: "POST", body: form })).status;
    }, maya.rows[0].id as string);
    expect(saved).toBe(201);

    // The daily job runs (sent to the server's queue) and writes the unlock notification.
    const boss = new PgBoss({ connectionString: server.databaseUrl, max: 1 });
    await boss.start();
    await boss.send("notifications-daily", {});
    await boss.stop({ graceful: false });
    // The server finds the job at its next look for jobs (another client sent it): the page is reloaded once it has run,
    // rather than every second until then.
    await untilNotified(server, id, "memory_unlocked", 20_000);
    const bell = page.getByRole("button", { name: /Notifications/ }).first();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Dashboard" }).waitFor();
          return (await bell.getAttribute("aria-label")) ?? "";
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe("Notifications, 1 unread");
    await bell.click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.getByText("Maya - Memory unlocked").waitFor();
    await panel.getByText('"The day you were born" is now unlocked for Maya.').waitFor();
    await panel.getByText("Just now").waitFor();
    await expectAccessible(page);
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(async () => bell.getAttribute("aria-label")).toBe("Notifications");
    await page.reload();
    await expect.poll(async () => bell.getAttribute("aria-label")).toBe("Notifications");
    const { rows } = await server.pool.query("SELECT type, read FROM notifications WHERE user_id = $1", [id]);
    expect(rows).toEqual([{ type: "memory_unlocked", read: true }]);
  });

  it("a guest buys a gift, reads the code in the mailbox, and Dad signs up with it and has access", async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const mom = `mom${Date.now()}@example.com`;
    await page.goto(`${server.baseUrl}/gift`);
    await expectAccessible(page);
    // The explainer clip is fetched only when asked for, then plays, with its captions track.
    const video = page.locator("video");
    expect(await video.count()).toBe(0);
    await page.getByRole("button", { name: /Play the video/ }).click();
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    await video.evaluate((element: HTMLVideoElement) => (element.textTracks[0]!.mode = "hidden"));
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.textTracks[0]!.cues?.length ?? 0)).toBe(6);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Gift Dad a subscription" }).click();
    await page.waitForURL(/\/pricing\?isGuest=true/);
    await page.getByLabel("Your email").waitFor();
    await expectAccessible(page);
    // A gift is paid once: no 'Billed monthly', no 'Cancel anytime'.
    await page.getByText("One month for Dad, paid once. Nothing renews.").waitFor();
    await page.getByText("A year for Dad, paid once. Nothing renews.").waitFor();
    await page.getByText("A one-time payment: no subscription, nothing to cancel.").waitFor();
    expect(await page.getByText(/Billed monthly|Cancel anytime/i).count()).toBe(0);
    await screenshotAtBothWidths(page, "gift-pricing");
    await page.getByLabel("Your email").fill(mom);
    await page.getByRole("button", { name: "Get Started" }).click();
    await page.waitForURL(/\/checkout\/test\//);
    await page.getByText("TEST MODE: no real payment is taken").waitFor();
    await page.getByRole("button", { name: "Pay $39.99 once (test)" }).click();
    await page.getByRole("heading", { name: "Gift Purchase Successful!" }).waitFor();
    await expectAccessible(page);

    await page.goto(`${server.baseUrl}/dev/mailbox`);
    await page.getByRole("link", { name: "Your Hey Dad gift code" }).first().click();
    const code = (await page.locator("body").textContent())!.match(/\b[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{13}\b/)![0];

    const dad = `dad${Date.now()}@example.com`;
    await signUp(page, server, dad, code);
    await page.waitForURL(/\/activate-gift-code\?giftcode=/);
    await page.getByRole("heading", { name: "Gift Redeemed Successfully!" }).waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    const me = await (await page.request.get(`${server.baseUrl}/api/me`)).json();
    expect(me.profile.hasAccess).toBe(true);
  });

  it("after the free month without access: the pricing modal, then the overlay over recording and watching, never over settings, pricing or the legal pages", async () => {
    const page = await browser.newPage();
    const dadId = await signUpConfirmed(server, page, `late${Date.now()}@example.com`);
    await server.pool.query("UPDATE profiles SET created_at = now() - interval '31 days' WHERE id = $1", [dadId]);
    await page.reload();

    const modal = page.getByRole("dialog", { name: "Keep building for them" });
    await modal.waitFor();
    await modal.getByText("Add Unlimited Videos • Cancel Anytime").waitFor();
    await modal.getByText("Cancel anytime", { exact: true }).waitFor();
    await expectAccessible(page);
    await modal.getByRole("button", { name: "No thanks, maybe later" }).click();
    await modal.waitFor({ state: "hidden" });
    expect(await page.getByRole("button", { name: /Your free month is over/ }).count()).toBe(0);

    await page.goto(`${server.baseUrl}/vault`);
    const overlay = page.getByRole("button", { name: /Your free month is over/ });
    await overlay.waitFor();
    await expectAccessible(page);
    await overlay.click();
    await modal.waitFor();

    // Settings stays usable: he can still delete his account (the privacy page says 'via Settings').
    await page.goto(`${server.baseUrl}/settings`);
    const deleteButton = page.getByRole("button", { name: "Delete my account" });
    await deleteButton.waitFor();
    expect(await page.getByRole("button", { name: /Your free month is over/ }).count()).toBe(0);
    await deleteButton.scrollIntoViewIfNeeded();
    expect(await controlsCoveredOnPage(page, "main button, main input")).toEqual([]);
    await screenshotAtBothWidths(page, "lapsed-settings");
    await deleteButton.click();
    await page.getByRole("dialog", { name: "Delete your account?" }).waitFor();
    await page.getByRole("button", { name: "Keep my account" }).click();

    for (const open of ["/pricing", "/privacy", "/terms"]) {
      await page.goto(`${server.baseUrl}${open}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.getByRole("button", { name: /Your free month is over/ }).count()).toBe(0);
      expect(await controlsCoveredOnPage(page, "main a, main button")).toEqual([]);
    }
    await page.goto(`${server.baseUrl}/record`);
    await overlay.waitFor();
    await screenshotAtBothWidths(page, "lapsed-record");
  });
});
