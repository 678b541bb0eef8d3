import type { Page } from "playwright-core";

/**
 * Waits until the app's service worker controls the page: installed (the whole app kept on the device: 174 files,
 * 1.7 MiB, fetched afresh in every new browser context), activated and claiming it. On a loaded 2-core machine that
 * first install took over 30 s.
 */
export async function untilServiceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });
}
