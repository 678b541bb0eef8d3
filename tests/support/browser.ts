import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, onTestFailed, onTestFinished } from "vitest";
import { perWorker } from "./per-worker";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const browserAvailable = fs.existsSync(CHROMIUM_PATH);

/** Flags for Debian's Chromium on this machine (root, no GPU, a closed network). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];

/** The worker's one headless Chromium, launched on first use and closed when the worker ends (tests/support/per-worker.ts). */
export function sharedChromium() {
  return perWorker<Browser>(
    "chromium",
    () => chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS }),
    (browser) => browser.close(),
  );
}

/**
 * A real headless Chromium for a test file: the worker's one (sharedChromium), so no file waits for its own launch.
 * Every test gets a fresh context and page, closed when the test ends (any opened outside a test, when the file
 * ends); a failing test leaves a full-page screenshot under test-results/.
 */
export function useBrowser(options: { viewport?: { width: number; height: number } } = {}) {
  const state: { page: Page } = { page: undefined as unknown as Page };
  const open = new Set<BrowserContext>();
  afterAll(async () => {
    await Promise.all([...open].map((context) => context.close()));
  });

  return {
    get page() {
      return state.page;
    },
    /** A page in a fresh context; `locale` sets the browser's language (navigator.language, Intl). */
    async newPage(viewport = options.viewport ?? { width: 1280, height: 900 }, contextOptions: { locale?: string } = {}) {
      const browser = await sharedChromium();
      const context = await browser.newContext({ viewport, ...contextOptions });
      open.add(context);
      context.once("close", () => open.delete(context));
      state.page = await context.newPage();
      const page = state.page;
      onTestFailed(async ({ task }) => {
        fs.mkdirSync("test-results", { recursive: true });
        const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
        await page.screenshot({ path: path.join("test-results", `${name}.png`), fullPage: true }).catch(() => {});
      });
      onTestFinished(async () => {
        await context.close().catch(() => {});
      });
      return page;
    },
  };
}
