import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { signUpConfirmed, startE2eServer } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";

describe.skipIf(!browserAvailable)("signing in with a backup code in Chromium", () => {
  const browser = useBrowser();

  it("a father without his phone signs in with a backup code typed in capitals without the dash", { timeout: 120_000 }, async () => {
    const server = await startE2eServer();
    const page = await browser.newPage({ width: 360, height: 800 });
    const email = `nophone${Date.now()}@example.com`;
    await signUpConfirmed(server, page, email);

    const headers = { origin: server.baseUrl };
    const enable = await page.request.post(`${server.baseUrl}/api/auth/two-factor/enable`, { headers, data: { password: "correct-horse-1" } });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    expect((await page.request.post(`${server.baseUrl}/api/auth/two-factor/verify-totp`, { headers, data: { code: totp.generate() } })).ok()).toBe(true);
    await page.context().clearCookies();

    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct-horse-1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Authentication code").waitFor();
    await page.getByRole("button", { name: "Use a backup code" }).click();

    const field = page.getByLabel("Backup code");
    // Not a numeric keypad, and room for the whole code.
    expect(await field.getAttribute("inputmode")).toBeNull();
    await field.fill("abcde-00000");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("That backup code didn't work.").waitFor();
    await screenshotAtBothWidths(page, "login-backup-code");

    const typed = backupCodes[0].replace("-", "").toUpperCase();
    await field.fill(typed);
    expect(await field.inputValue()).toBe(typed);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  });
});
