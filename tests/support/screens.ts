import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "playwright-core";

export const SCREENS_DIR = path.join("test-results", "screens");

/** The two widths every screen is checked at: a phone and a desktop. */
export const PHONE = { width: 360, height: 800 };
export const DESKTOP = { width: 1280, height: 900 };
export const BOTH_WIDTHS = [PHONE, DESKTOP];

/** The page at `viewport`, once the app has laid itself out for it (two animation frames after the resize). */
export async function resizeTo(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Screenshots are for a person to look at and assert nothing: they are taken only when SCREENS=1. */
export const screensWanted = process.env.SCREENS === "1";

/** With SCREENS=1, a screenshot of the page or element at `file` (its folder is made); otherwise nothing. */
export async function saveScreenshot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}) {
  if (!screensWanted) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await target.screenshot({ path: file, ...options });
}

/**
 * With SCREENS=1, full-page screenshots of what the page shows now at a phone (360x800) and a desktop (1280x900)
 * width, for a person to look at (test-results/screens/<name>-360.png and -1280.png); otherwise nothing. The page is
 * left at the width it had.
 */
export async function screenshotAtBothWidths(page: Page, name: string) {
  if (!screensWanted) return;
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const viewport of BOTH_WIDTHS) {
    await resizeTo(page, viewport);
    await page.screenshot({ path: path.join(SCREENS_DIR, `${name}-${viewport.width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/**
 * Each visible control matching `selector`, scrolled to the middle of the screen, is what
 * elementFromPoint finds at its centre (or inside it): nothing floating covers it. Returns the covered ones
 * (with `by`, only those covered by that element, whose own controls are left out).
 */
export async function controlsCoveredOnPage(page: Page, selector: string, options: { by?: string } = {}) {
  return page.evaluate(({ selector, by }) => {
    const covered: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (by && element.closest(by)) continue;
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === "hidden") continue;
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const box = element.getBoundingClientRect();
      // Visually hidden inputs (a styled switch, a file input) are operated through what covers them.
      if (box.width <= 1 || box.height <= 1) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && (element === top || element.contains(top) || top.contains(element) || (element.id && top.closest(`label[for="${element.id}"]`)))) continue;
      if (by && !top?.closest(by)) continue;
      const label = element.getAttribute("aria-label") || element.textContent?.trim().slice(0, 40) || element.getAttribute("name") || element.id || element.tagName;
      covered.push(`${element.tagName.toLowerCase()} "${label}" under ${top ? `${top.tagName.toLowerCase()}.${String(top.className).slice(0, 60)}` : "nothing"}`);
    }
    return covered;
  }, { selector, by: options.by ?? null });
}
