import { beforeAll, describe, expect, it } from "vitest";
import { ONBOARDING_COMPLETED_FLAG } from "../../src/shared/onboarding";
import { browserAvailable, useBrowser } from "../support/browser";
import { dadWithMaya, type E2eServer, startE2eServer } from "../support/e2e-server";
import { controlsCoveredOnPage, screenshotAtBothWidths } from "../support/screens";

describe.skipIf(!browserAvailable)("the setup checklist beside the pages and dialogs it shares the screen with, in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;

  beforeAll(async () => {
    server = await startE2eServer({ RATE_LIMIT: "off" });
  }, 120_000);

  it("the setup checklist never covers a button or a field on /record, /pocket-dad, /vault and /settings, pill or open, at 360 and 1280 px", { timeout: 300_000 }, async () => {
    const page = await browser.newPage({ width: 1280, height: 900 });
    await dadWithMaya(server, page);
    await page.goto(`${server.baseUrl}/dashboard`);
    const { children } = (await (await page.request.get(`${server.baseUrl}/api/children`)).json()) as { children: Array<{ id: string }> };
    for (const title of ["Bedtime", "First bike", "Snow day"]) {
      const note = { kind: "note", title, notes: "One more story.", childIds: [children[0]!.id], unlockType: "now" };
      expect((await page.request.post(`${server.baseUrl}/api/narrations`, { headers: { origin: server.baseUrl }, multipart: { data: JSON.stringify(note) } })).status()).toBe(201);
    }
    const checklist = 'aside[aria-label="Profile setup"], aside[aria-labelledby="checklist-title"]';
    // Pocket Dad's first-visit questionnaire prompt is a dialog of its own: answered, so its buttons show.
    await page.evaluate((flag) => localStorage.setItem(flag, "1"), ONBOARDING_COMPLETED_FLAG);
    const failures: string[] = [];
    for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      for (const path of ["/record", "/pocket-dad", "/vault", "/settings"]) {
        for (const state of ["minimized", "open"] as const) {
          await page.evaluate((value) => sessionStorage.setItem("heydad.onboarding-card.minimized", value), state === "minimized" ? "1" : "0");
          await page.goto(`${server.baseUrl}${path}`);
          await page.locator("main h1").first().waitFor();
          await page.locator(checklist).first().waitFor();
          await page.waitForLoadState("networkidle");
          const covered = await controlsCoveredOnPage(page, "main button, main input, main textarea, main select, main a[href]", { by: checklist });
          failures.push(...covered.map((control) => `${path} ${viewport.width}px ${state}: ${control}`));
          if (path === "/vault" && state === "open") await screenshotAtBothWidths(page, `checklist-open-vault-${viewport.width}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("an open dialog lies over the setup checklist, pill or card, at 360 and 1280 px: the checklist's centre is the dialog's and no dialog button is covered", { timeout: 150_000 }, async () => {
    const page = await browser.newPage({ width: 360, height: 800 });
    await dadWithMaya(server, page);
    await page.goto(`${server.baseUrl}/dashboard`);
    const { children } = (await (await page.request.get(`${server.baseUrl}/api/children`)).json()) as { children: Array<{ id: string }> };
    const note = { kind: "note", title: "Bedtime", notes: "One more story.", childIds: [children[0]!.id], unlockType: "now" };
    expect((await page.request.post(`${server.baseUrl}/api/narrations`, { headers: { origin: server.baseUrl }, multipart: { data: JSON.stringify(note) } })).status()).toBe(201);
    const checklist = 'aside[aria-label="Profile setup"], aside[aria-labelledby="checklist-title"]';
    const failures: string[] = [];
    for (const viewport of [{ width: 360, height: 800 }, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      for (const state of ["minimized", "open"] as const) {
        const where = `${viewport.width}px ${state === "minimized" ? "pill" : "card"}`;
        await page.evaluate((value) => sessionStorage.setItem("heydad.onboarding-card.minimized", value), state === "minimized" ? "1" : "0");
        await page.goto(`${server.baseUrl}/vault`);
        await page.getByRole("button", { name: "Quick Note", exact: true }).click();
        await page.locator(checklist).first().waitFor();
        await page.getByRole("button", { name: "Delete Bedtime" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete this memory?" });
        await dialog.getByRole("button", { name: "Keep it" }).waitFor();
        // Wait out the dialog's pop-in, so its box is where it stays.
        await page.waitForFunction(() => document.querySelector('[role="dialog"]')?.getAnimations().every((animation) => animation.playState !== "running") ?? false);
        const found = await page.evaluate((selector) => {
          // Radix makes the page under a modal ignore the pointer (body pointer-events: none), which
          // elementFromPoint honours: lifted for the look, so the answer is what is painted on top.
          const before = document.body.style.pointerEvents;
          document.body.style.pointerEvents = "auto";
          try {
            const problems: string[] = [];
            const dialogContent = document.querySelector<HTMLElement>('[role="dialog"]');
            const overlay = dialogContent?.previousElementSibling;
            const ofDialog = (element: Element | null) => !!element && (dialogContent?.contains(element) || overlay === element || !!overlay?.contains(element));
            const aside = document.querySelector<HTMLElement>(selector);
            if (!aside || !dialogContent) return [`no ${aside ? "dialog" : "checklist"}`];
            aside.scrollIntoView({ block: "center", behavior: "instant" });
            const box = aside.getBoundingClientRect();
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (!ofDialog(top)) problems.push(`checklist centre shows ${top ? `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}` : "nothing"}`);
            for (const button of Array.from(dialogContent.querySelectorAll<HTMLElement>("button"))) {
              const rect = button.getBoundingClientRect();
              const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
              if (!hit || !(button === hit || button.contains(hit))) {
                problems.push(`button "${button.getAttribute("aria-label") || button.textContent?.trim()}" under ${hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}` : "nothing"}`);
              }
            }
            return problems;
          } finally {
            document.body.style.pointerEvents = before;
          }
        }, checklist);
        failures.push(...found.map((problem) => `${where}: ${problem}`));
        await dialog.getByRole("button", { name: "Keep it" }).click();
        await dialog.waitFor({ state: "detached" });
      }
    }
    expect(failures).toEqual([]);
  });
});
