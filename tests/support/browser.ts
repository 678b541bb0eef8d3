import fs from "node:fs";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, onTestFailed, onTestFinished } from "vitest";

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

/**
 * A real headless Chromium for one test file. Every test gets a fresh context and page;
 * a failing test leaves a full-page screenshot under test-results/. The app's service worker (which precaches the
 * whole web app, 1.6 MiB, in every fresh context) is blocked unless the file is about it (`serviceWorkers: "allow"`).
 * `args` adds Chromium flags for the file (a microphone that plays a recording: `--use-file-for-fake-audio-capture`).
 */
export function useBrowser(options: { viewport?: { width: number; height: number }; serviceWorkers?: "allow" | "block"; args?: string[] } = {}) {
  let browser: Browser;
  const state: { page: Page } = { page: undefined as unknown as Page };

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...(options.args ?? [])] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    get page() {
      return state.page;
    },
    /** A page in a fresh context; `locale` sets the browser's language (navigator.language, Intl). */
    async newPage(viewport = options.viewport ?? { width: 1280, height: 900 }, contextOptions: { locale?: string } = {}) {
      const context = await browser.newContext({ viewport, serviceWorkers: options.serviceWorkers ?? "block", ...contextOptions });
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
