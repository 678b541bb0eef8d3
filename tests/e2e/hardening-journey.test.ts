import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";
import { saveScreenshot } from "../support/screens";

describe.skipIf(!browserAvailable)("a staging site opened at another local address (issue 13.1, 13.7, 13.13)", () => {
  const browser = useBrowser();

  it("shows TEST MODE on every page, signs up at 127.0.0.1, and shows better-auth's messages in the app's error shape", async () => {
    const server = await startE2eServer({ NODE_ENV: "development", PAYMENTS: "test" });
    const loopback = server.baseUrl.replace("localhost", "127.0.0.1");
    for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
      const page = await browser.newPage(viewport);
      for (const path of ["/", "/pricing", "/signup"]) {
        await page.goto(`${loopback}${path}`);
        await page.getByText("TEST MODE: this is a test site, no real payment is taken").waitFor();
      }
      await page.goto(`${loopback}/`);
      await page.getByText("TEST MODE: this is a test site, no real payment is taken").waitFor();
      await saveScreenshot(page, `test-results/test-mode-banner-${viewport.width}.png`);
    }

    const page = await browser.newPage();
    await page.goto(`${loopback}/signup`);
    await page.getByLabel("Email").fill(`lan${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("correct-horse-1");
    await page.getByLabel("Confirm password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Check your email for the confirmation link!").waitFor();

    await page.goto(`${loopback}/login`);
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Invalid email or password");
    const answer = await page.evaluate(async () => (await fetch("/api/auth/sign-in/email", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "x@example.com", password: "not-it-1234" }) })).json());
    expect(answer).toEqual({ error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } });
  });
});
