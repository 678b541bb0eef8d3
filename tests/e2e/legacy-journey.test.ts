import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowser } from "../support/browser";
import { attemptBrowserAction } from "../support/browser-actions";
import { signedInDad, startE2eServer } from "../support/e2e-server";
import { controlsCoveredOnPage, saveScreenshot, screenshotAtBothWidths, screensWanted } from "../support/screens";

describe.skipIf(!browserAvailable)("'If something happens to me' in Chromium", () => {
  const browser = useBrowser();

  it("Dad switches it on in Settings, picks 12 months, and marks a quick note 'Release early'", { timeout: 180_000 }, async () => {
    const server = await startE2eServer();
    const page = await browser.newPage({ width: 360, height: 800 });
    page.setDefaultTimeout(15_000);
    await signedInDad(server, page, `dad${Date.now()}@example.com`);
    expect((await page.request.post(`${server.baseUrl}/api/children`, { headers: { origin: server.baseUrl }, data: { name: "Maya", birthdate: "2015-03-14" } })).status()).toBe(201);

    await page.goto(`${server.baseUrl}/settings#family-delivery`);
    const section = page.getByRole("region", { name: "If something happens to me" });
    await section.getByText("You have no accepted guardian yet").waitFor();
    const toggle = section.getByRole("switch", { name: "Release my marked memories if I stop using Hey Dad" });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    await section.getByLabel("After how long without a sign of me").selectOption("12");
    await section.getByText(/the release would happen on/).waitFor();
    await expect.poll(async () => (await (await page.request.get(`${server.baseUrl}/api/guardians/legacy`)).json()).legacy).toMatchObject({ enabled: true, periodMonths: 12 });
    await section.scrollIntoViewIfNeeded();
    await screenshotAtBothWidths(page, "legacy-settings");
    if (screensWanted) {
      // The section alone, once the 'Saved' toast has gone (or 10 s on), at both widths (easier to read than the full page).
      await attemptBrowserAction((options) => page.getByText("Saved", { exact: true }).first().waitFor({ state: "hidden", ...options }), { timeoutMs: 10_000 });
      for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
        await page.setViewportSize(viewport);
        await saveScreenshot(section, `test-results/screens/legacy-section-${viewport.width}.png`);
      }
    }
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await controlsCoveredOnPage(page, "main button, main select, main input")).toEqual([]);

    await page.goto(`${server.baseUrl}/record?note=true`);
    await page.getByLabel("Title").fill("If I am not there");
    await page.getByText("Maya", { exact: true }).click();
    const release = page.getByRole("checkbox", { name: "Release early if something happens to me" });
    expect(await release.isChecked()).toBe(false);
    await release.check();
    await screenshotAtBothWidths(page, "legacy-checkbox-note");
    expect(await controlsCoveredOnPage(page, "main button, main input, main textarea")).toEqual([]);
    await page.getByRole("button", { name: "Save Quick Note" }).click();
    await page.waitForURL(/\/dashboard\?new=narration:/);
    const legacy = (await (await page.request.get(`${server.baseUrl}/api/guardians/legacy`)).json()).legacy;
    expect(legacy.markedMemories).toBe(1);
  });
});
