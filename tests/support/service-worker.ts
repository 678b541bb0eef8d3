import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, onTestFinished } from "vitest";
import { screenshotIfTestFails, type useBrowser } from "./browser";
import { closeAfterFile } from "./close-after-file";
import { type E2eServer, signUpConfirmed } from "./e2e-server";

/**
 * Waits until the app's service worker controls the page: installed (the whole app kept on the device: 174 files,
 * 1.7 MiB, fetched afresh in every new browser context), activated and claiming it. On a loaded 2-core machine that
 * first install took over 30 s.
 */
export async function untilServiceWorkerControls(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 90_000 });
}

/**
 * One phone for a test file, with the app installed on it once (its service worker and the app it keeps), for files
 * whose tests need the installed app but are not about installing it: a fresh install took 9-13 s per test in a busy
 * run. Each test's `newPage()` finds the phone otherwise as new: online, signed in as nobody, with nothing kept by the
 * test before (its pages are closed; cookies, IndexedDB and localStorage cleared). The phone asks for reduced motion,
 * so that the pages' transitions do not keep every click waiting for its target to stand still.
 */
export function usePhoneWithAppInstalled(browser: Pick<ReturnType<typeof useBrowser>, "openPage">, server: () => E2eServer) {
  let phone: BrowserContext;

  beforeAll(async () => {
    const page = await browser.openPage(undefined, { reducedMotion: "reduce" });
    phone = page.context();
    closeAfterFile(() => phone.close());
    // The app installs itself for a dad who signs in.
    await signUpConfirmed(server(), page, `phone-owner${Date.now()}@example.com`);
    await untilServiceWorkerControls(page);
    await page.close();
  }, 120_000);

  const closePages = async () => {
    for (const open of phone.pages()) await open.close({ runBeforeUnload: false });
  };

  return {
    async newPage() {
      await closePages();
      await phone.setOffline(false);
      await phone.clearCookies();
      const page = await phone.newPage();
      const devtools = await phone.newCDPSession(page);
      await devtools.send("Storage.clearDataForOrigin", { origin: server().baseUrl, storageTypes: "cookies,indexeddb,local_storage,websql,file_systems" });
      await devtools.detach();
      screenshotIfTestFails(page);
      onTestFinished(closePages);
      return page;
    },
  };
}
