import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeViolations } from "../support/axe";
import { browserAvailable, useBrowser } from "../support/browser";
import { type E2eServer, signedInDad, startE2eServer } from "../support/e2e-server";
import { screenshotAtBothWidths } from "../support/screens";

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const PASSWORD = "correct-horse-1";

/** How far the page is wider than the screen, in px (0: nothing sticks out sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Layout at 360 px and on a desktop, measured: what sticks out, wraps, hides or covers. */
describe.skipIf(!browserAvailable)("layout measured at 360 px and 1280 px, in Chromium", () => {
  const browser = useBrowser();
  let server: E2eServer;

  async function signedIn(viewport: { width: number; height: number }) {
    server ??= await startE2eServer();
    const page = await browser.newPage(viewport);
    const email = `layout${Date.now()}${Math.round(Math.random() * 10_000)}@example.com`;
    const origin = { origin: server.baseUrl };
    const userId = await signedInDad(server, page, email);
    const addChild = async (name: string, birthdate: string) =>
      expect((await page.request.post(`${server.baseUrl}/api/children`, { headers: origin, data: { name, birthdate } })).ok()).toBe(true);
    return { page, userId, addChild };
  }

  it("sign-up with a gift code applied fits 360 px, and 'check your email' is in view below the header", { timeout: 120_000 }, async () => {
    server ??= await startE2eServer();
    const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    const code = Array.from({ length: 13 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
    await server.pool.query("INSERT INTO gift_codes (code, checkout_session_id, buyer_email, months) VALUES ($1, $2, 'mom@example.com', 12)", [code, `cs_walk_${Date.now()}`]);
    const page = await browser.newPage(PHONE);
    await page.goto(`${server.baseUrl}/signup`);
    await page.getByRole("button", { name: "Redeem a gift code" }).click();
    const dialog = page.getByRole("dialog", { name: "Redeem a gift code" });
    await dialog.getByLabel("Gift code").fill(code);
    await dialog.getByRole("button", { name: "Continue" }).click({ timeout: 10_000 });
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Remove gift code" }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    // The form's card ends where the page's 16 px margin starts, like the text above it (it stuck out by 6 px).
    const card = await page.getByRole("region", { name: "Create your account" }).evaluate((section) => {
      const grid = section.parentElement!;
      const inner = grid.getBoundingClientRect().right - parseFloat(getComputedStyle(grid).paddingRight);
      return { pastMargin: Math.round(section.getBoundingClientRect().right - inner), pastScreen: Math.round(section.getBoundingClientRect().right - window.innerWidth) };
    });
    expect(card.pastMargin).toBeLessThanOrEqual(0);
    expect(card.pastScreen).toBeLessThanOrEqual(-16);
    await screenshotAtBothWidths(page, "signup-gift-code-applied");

    await page.getByLabel("Email").fill(`checkmail${Date.now()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    const heading = page.getByRole("heading", { name: "Check your email for the confirmation link!" });
    await heading.waitFor();
    await page.waitForTimeout(300);
    const placement = await heading.evaluate((element) => {
      const header = document.querySelector("header")!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { headerBottom: Math.round(header.bottom), headingTop: Math.round(box.top), headingBottom: Math.round(box.bottom), seen: Boolean(top && element.contains(top)), inView: box.bottom <= window.innerHeight };
    });
    expect(placement).toMatchObject({ seen: true, inView: true });
    expect(placement.headingTop).toBeGreaterThanOrEqual(placement.headerBottom);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: "test-results/screens/signup-check-email-360-viewport.png" });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("Pocket Dad at 360 px: the title stays on one line beside the archetype, and both children's cards are whole", { timeout: 120_000 }, async () => {
    const { page, userId, addChild } = await signedIn(PHONE);
    await page.addInitScript(() => window.localStorage.setItem("heydad.onboarding-card.closed", "1"));
    await server.pool.query("UPDATE profiles SET quiz_result = 'calm_anchor_dad', quiz_completed_at = now() WHERE id = $1", [userId]);
    await addChild("Maya", "2016-04-02");
    await addChild("Leopold", "2019-09-14");
    await page.goto(`${server.baseUrl}/pocket-dad`);
    const badge = page.getByTestId("archetype-badge");
    await badge.waitFor();
    const title = page.getByRole("heading", { level: 1 });
    const measured = await title.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
      const box = element.getBoundingClientRect();
      const pill = document.querySelector("[data-testid='archetype-badge']")!.getBoundingClientRect();
      const overlap = !(pill.left >= box.right || pill.right <= box.left || pill.top >= box.bottom || pill.bottom <= box.top);
      return { lines, overlap };
    });
    expect(measured).toEqual({ lines: 1, overlap: false });

    const cards = page.getByRole("radiogroup", { name: "Which child?" });
    await cards.getByRole("radio").nth(1).waitFor();
    const cut = await cards.evaluate((group) => {
      const area = group.getBoundingClientRect();
      return Array.from(group.querySelectorAll("[role='radio']")).map((card) => {
        const box = card.getBoundingClientRect();
        return Math.max(0, Math.round(box.right - Math.min(area.right, window.innerWidth)), Math.round(area.left - box.left));
      });
    });
    expect(cut).toEqual([0, 0]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshotAtBothWidths(page, "pocket-dad-title-and-children");
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it("on a desktop the welcome checklist, open or as its pill, sits under a modal's backdrop, not above it", { timeout: 120_000 }, async () => {
    const { page } = await signedIn(DESKTOP);
    for (const [minimized, selector] of [["0", "[aria-labelledby='checklist-title']"], ["1", "aside[aria-label='Profile setup']"]] as const) {
    await page.goto(`${server.baseUrl}/children`);
    await page.evaluate((value) => sessionStorage.setItem("heydad.onboarding-card.minimized", value), minimized);
    await page.reload();
    await page.locator(selector).waitFor();
    await page.getByRole("button", { name: "Add child" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a child" });
    await dialog.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    const hits = await page.evaluate((selector) => {
      const card = document.querySelector(selector)!.getBoundingClientRect();
      const modal = document.querySelector("[role='dialog']")!.getBoundingClientRect();
      const at = (x: number, y: number) => document.elementFromPoint(x, y);
      const cardTop = at(card.left + card.width / 2, Math.min(card.top + card.height / 2, window.innerHeight - 2));
      const modalTop = at(modal.left + modal.width / 2, modal.top + modal.height / 2);
      return {
        checklistOnTop: Boolean(cardTop?.closest(selector)),
        modalOnTop: Boolean(modalTop?.closest("[role='dialog']")),
      };
    }, selector);
    expect(hits).toEqual({ checklistOnTop: false, modalOnTop: true });
    await page.screenshot({ path: `test-results/screens/checklist-under-modal-${minimized === "1" ? "pill" : "open"}-1280.png` });
    }
  });
});
