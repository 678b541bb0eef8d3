import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, onTestFailed, onTestFinished } from "vitest";
import { closeAfterFile } from "./close-after-file";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const browserAvailable = fs.existsSync(CHROMIUM_PATH);
/**
 * Debian's headless shell (`chromium-headless-shell`): the same engine without the full browser's UI, which took about
 * 40% less CPU over the browser tests (589 -> 343 CPU-s of Chromium); the full Chromium where it is not installed.
 */
const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const TEST_CHROMIUM_PATH = fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;

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

/** The worker's shared Chromium lives on globalThis: the end-to-end files run one after another in one worker (isolate: false). */
const sharedBrowserKey = Symbol.for("heydad.e2e.sharedChromium");
type WorkerGlobal = typeof globalThis & { [sharedBrowserKey]?: Promise<Browser> };

const launchChromium = (args: string[] = [], executablePath = TEST_CHROMIUM_PATH) => chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...args] });

/** The test worker's Chromium, launched by the first file that asks (again if it was lost); Playwright ends it with the worker. */
async function sharedChromium() {
  const worker = globalThis as WorkerGlobal;
  const current = await worker[sharedBrowserKey]?.catch(() => undefined);
  if (current?.isConnected()) return current;
  worker[sharedBrowserKey] = launchChromium();
  return worker[sharedBrowserKey];
}

/**
 * A Chromium for a helper that needs one now and then (a MediaRecorder recording): the worker's shared one when its
 * browser tests have started it, else one for the test file, closed when the file ends, so a server worker does not keep
 * an idle Chromium for the rest of its files.
 */
const fileBrowserKey = Symbol.for("heydad.test.fileChromium");
type FileGlobal = typeof globalThis & { [fileBrowserKey]?: Promise<Browser> };
export async function chromiumForFile() {
  const worker = globalThis as WorkerGlobal;
  const shared = await worker[sharedBrowserKey]?.catch(() => undefined);
  if (shared?.isConnected()) return shared;
  const file = globalThis as FileGlobal;
  const current = await file[fileBrowserKey]?.catch(() => undefined);
  if (current?.isConnected()) return current;
  const launched = launchChromium();
  file[fileBrowserKey] = launched;
  closeAfterFile(async () => {
    if (file[fileBrowserKey] === launched) delete file[fileBrowserKey];
    await (await launched.catch(() => undefined))?.close();
  });
  return launched;
}

/** A full-page screenshot of the page under test-results/ when the running test fails. */
export function screenshotIfTestFails(page: Page) {
  onTestFailed(async ({ task }) => {
    fs.mkdirSync("test-results", { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
    await page.screenshot({ path: path.join("test-results", `${name}.png`), fullPage: true }).catch(() => {});
  });
}

/**
 * A real headless Chromium for a test file: the worker's shared one, or the file's own when it needs Chromium flags
 * (`args`: a microphone that plays a recording, `--use-file-for-fake-audio-capture`) or the full browser
 * (`fullChromium`: Background Sync, which the headless shell leaves out). Every test gets a fresh context
 * (its own cookies and storage) and page; a failing test leaves a full-page screenshot under test-results/. The app's
 * service worker (which precaches the whole web app, 1.6 MiB, in every fresh context) is blocked unless the file is
 * about it (`serviceWorkers: "allow"`).
 */
export function useBrowser(options: { viewport?: { width: number; height: number }; serviceWorkers?: "allow" | "block"; args?: string[]; fullChromium?: boolean } = {}) {
  let browser: Browser;
  const ownBrowser = (options.args ?? []).length > 0 || options.fullChromium === true;
  const state: { page: Page } = { page: undefined as unknown as Page };

  beforeAll(async () => {
    browser = ownBrowser ? await launchChromium(options.args, options.fullChromium ? CHROMIUM_PATH : TEST_CHROMIUM_PATH) : await sharedChromium();
  });
  afterAll(async () => {
    if (ownBrowser) await browser?.close();
  });

  async function openPage(viewport = options.viewport ?? { width: 1280, height: 900 }, contextOptions: Pick<BrowserContextOptions, "locale" | "reducedMotion"> = {}) {
    const context = await browser.newContext({ viewport, serviceWorkers: options.serviceWorkers ?? "block", ...contextOptions });
    return context.newPage();
  }

  return {
    get page() {
      return state.page;
    },
    /**
     * A page in a fresh context that outlives a test, for several tests that check one loaded state (each at its
     * width): the caller closes it (`page.context().close()` in its afterAll).
     */
    openPage,
    /** A page in a fresh context, closed when the test ends; `locale` sets the browser's language (navigator.language, Intl), `reducedMotion` the device's setting. */
    async newPage(viewport = options.viewport ?? { width: 1280, height: 900 }, contextOptions: Pick<BrowserContextOptions, "locale" | "reducedMotion"> = {}) {
      state.page = await openPage(viewport, contextOptions);
      const page = state.page;
      screenshotIfTestFails(page);
      onTestFinished(async () => {
        await page.context().close().catch(() => {});
      });
      return page;
    },
  };
}
