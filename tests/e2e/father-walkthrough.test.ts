import { createHmac } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { attemptBrowserAction } from "../support/browser-actions";
import { dadWithMaya, type E2eServer, startE2eServer } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";
import { generateClip } from "../support/videos";

/**
 * The emailed confirmation link with its token signed again as better-auth signs it (HS256 with the
 * app's secret, the same payload) but with an expiry an hour past: what the link is once its hour is up.
 */
function expiredLink(server: E2eServer, link: string) {
  const secret = fs.readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
  const token = new URL(link).searchParams.get("token")!;
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString("base64url");
  const unsigned = `${encode({ alg: "HS256" })}.${encode({ ...payload, iat: now - 2 * 3600, exp: now - 3600 })}`;
  const expired = `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
  return link.replace(/token=[^&]+/, `token=${expired}`);
}

const narrationCount = async (server: E2eServer, userId: string) =>
  (await server.pool.query("SELECT count(*)::int AS n FROM memories WHERE kind IN ('narration', 'note') AND user_id = $1", [userId])).rows[0].n as number;

describe.skipIf(!browserAvailable)("what a father hit walking through the product (issue 17), in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;

  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  }, 120_000);

  /** A new dad signs up on a 360 px phone; his confirmation link, as the mailbox has it. */
  async function signUpOnPhone(prefix: string) {
    const page = await browser.newPage({ width: 360, height: 800 });
    const email = `${prefix}${Date.now()}@example.com`;
    const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
      headers: { origin: server.baseUrl },
      data: { email, password: "correct-horse-1", name: "", callbackURL: "/dashboard?welcome=1" },
    });
    expect(signUp.ok()).toBe(true);
    const link = (await server.latestEmail(email, "Confirm")).text.match(/https?:\/\/\S+/)![0];
    return { page, email, link };
  }

  it("a broken or reused confirmation link says what happened and offers a new link or sign-in", { timeout: 120_000 }, async () => {
    const { page, email, link } = await signUpOnPhone("link");

    // Cut short by a mail app: the token does not verify.
    await page.goto(link.replace(/token=[^&]+/, "token=eyJhbGciOiJIUzI1NiJ9.e30.broken"));
    await page.waitForURL(/\/login\?confirmation=invalid/);
    await page.getByText("This confirmation link didn't work.").waitFor();
    await screenshotAtBothWidths(page, "login-confirmation-invalid");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await page.getByText("We sent a new confirmation link. Check your inbox.").waitFor();
    await expect.poll(async () => (await server.pool.query("SELECT count(*)::int AS n FROM mailbox_messages WHERE \"to\" = $1", [email])).rows[0].n).toBe(2);

    await page.goto(link);
    await page.waitForURL(/\/dashboard/);
    // The same link again, on a device that is not signed in.
    await page.context().clearCookies();
    await page.goto(link);
    await page.waitForURL(/\/login\?confirmation=already-confirmed/);
    await page.getByText("Your email is already confirmed.").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard/);
  });

  it("an expired confirmation link says it expired and offers a new one, which arrives and confirms the account", { timeout: 120_000 }, async () => {
    const { page, email, link } = await signUpOnPhone("expired");

    // Opened after its hour: better-auth refuses it as expired, and the login page says so.
    await page.goto(expiredLink(server, link));
    await page.waitForURL(/\/login\?confirmation=expired/);
    await page.getByText("This confirmation link has expired.").waitFor();
    await page.getByText("Links work for an hour. Enter your email below and we'll send you a new one.").waitFor();
    expect(await page.getByText("This confirmation link didn't work.").count()).toBe(0);
    expect((await server.pool.query("SELECT email_verified FROM users WHERE email = $1", [email])).rows[0].email_verified).toBe(false);

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await page.getByText("We sent a new confirmation link. Check your inbox.").waitFor();
    await expect.poll(async () => (await server.pool.query("SELECT count(*)::int AS n FROM mailbox_messages WHERE \"to\" = $1", [email])).rows[0].n).toBe(2);
    const fresh = (await server.latestEmail(email, "Confirm")).text.match(/https?:\/\/\S+/)![0];
    expect(fresh).not.toBe(link);

    // The new link confirms the account and signs him in.
    await page.goto(fresh);
    await page.waitForURL(/\/dashboard/);
    expect((await server.pool.query("SELECT email_verified FROM users WHERE email = $1", [email])).rows[0].email_verified).toBe(true);
  });

  it("a photo over 10MB is refused in the browser, before any upload, with the picker's wording", { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await dadWithMaya(server, page);
    await page.goto(`${server.baseUrl}/record`);
    const sent: string[] = [];
    page.on("request", (request) => request.method() === "POST" && sent.push(request.url()));
    await page.locator('input[type="file"]').setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
    await page.getByRole("alert").getByText("Images can be up to 10MB. Choose a smaller photo.").waitFor();
    expect(await page.getByRole("img", { name: "The photo you chose" }).count()).toBe(0);
    expect(sent.filter((url) => url.includes("/api/narrations"))).toEqual([]);
    await screenshotAtBothWidths(page, "record-photo-too-large");
  });

  it("a double click on 'Save Quick Note' makes one quick note", { timeout: 120_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    const userId = await dadWithMaya(server, page);
    await page.goto(`${server.baseUrl}/record?note=true`);
    await page.getByLabel("Title").fill("Pancakes on Sunday");
    await page.getByText("Maya", { exact: true }).click();
    const save = page.getByRole("button", { name: "Save Quick Note" });
    await expect.poll(() => save.isDisabled()).toBe(false);
    // Two clicks in the same instant (faster than any re-render), then a real double click.
    await save.evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    // The button is disabled or gone by now, so the double click rightly times out; if it is not, it lands.
    await attemptBrowserAction((options) => save.dblclick(options));
    await page.waitForURL(/\/dashboard\?new=narration:/);
    await page.waitForTimeout(500);
    expect(await narrationCount(server, userId)).toBe(1);
  });

  it("leaving a recorded narration asks first; 'Stay' keeps it, 'Leave' keeps it on the device for next time", { timeout: 150_000 }, async () => {
    const page = await browser.newPage();
    await dadWithMaya(server, page);
    await page.goto(`${server.baseUrl}/record`);
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByText("Recording…").waitFor();
    await page.waitForTimeout(2200);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByRole("button", { name: "Retake" }).waitFor();
    await page.getByLabel("Title").fill("The first snow");

    await page.getByRole("navigation").getByRole("link", { name: "Vault" }).first().click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await ask.waitFor();
    await screenshotAtBothWidths(page, "record-leave-guard");
    await ask.getByRole("button", { name: "Stay and save" }).click();
    await ask.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/record");
    expect(await page.getByLabel("Title").inputValue()).toBe("The first snow");
    await page.getByRole("button", { name: "Retake" }).waitFor();

    // Closing the tab or reloading: the browser's own question.
    const prompted = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const dialog = await prompted;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    expect(page.isClosed()).toBe(false);

    await page.getByRole("navigation").getByRole("link", { name: "Vault" }).first().click();
    await ask.getByRole("button", { name: "Leave" }).click();
    await page.waitForURL(/\/vault/);
    await page.goto(`${server.baseUrl}/record`);
    await page.getByRole("dialog", { name: "Pick up where you left off?" }).getByRole("button", { name: "Restore recording" }).click();
    await page.getByRole("button", { name: "Retake" }).waitFor();
    expect(await page.getByLabel("Title").inputValue()).toBe("The first snow");
  });

  it("the phone's Back on the video's step 2 returns to step 1 with the video, and Next brings the title back", { timeout: 150_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await dadWithMaya(server, page);
    await page.goto(`${server.baseUrl}/record?video=true`);
    await page.getByLabel("Upload a video").setInputFiles(generateClip("webm", 3));
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    await page.getByRole("heading", { name: "Assign Your Legacy" }).waitFor();
    await page.getByLabel("Title").fill("Fishing at dawn");

    await page.goBack();
    await page.getByLabel("Your video").waitFor();
    expect(new URL(page.url()).pathname).toBe("/record");
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    // The in-page Back keeps what was typed too.
    await page.getByLabel("Title").fill("Fishing at dawn");
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByLabel("Your video").waitFor();
    await page.getByRole("button", { name: "Next: Assign Video" }).click();
    expect(await page.getByLabel("Title").inputValue()).toBe("Fishing at dawn");

    // Leaving the Video tab with the video in hand asks first.
    await page.getByRole("link", { name: "Narration" }).click();
    await page.getByRole("dialog", { name: "Leave without saving?" }).waitFor();
  });
});
