import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { startE2eServer } from "../support/e2e-server";

describe.skipIf(!browserAvailable)("account journey in Chromium", () => {
  const browser = useBrowser();
  let server: Awaited<ReturnType<typeof startE2eServer>>;

  it("signs up, confirms by email, lands on the dashboard, signs out, fails with a wrong password, signs in", async () => {
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
    const me = await page.request.get(`${server.baseUrl}/api/me`);
    expect(me.status()).toBe(401);

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
  });
});
