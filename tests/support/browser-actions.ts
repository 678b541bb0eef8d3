import { errors, type Locator } from "playwright-core";

/**
 * A browser action that may rightly not happen (a second click on a button that is already disabled or gone), given
 * a short explicit timeout: resolves true when it happened, false when it timed out. Any other failure still throws.
 * Swallowing a Playwright action's rejection instead (`.catch(() => {})`) hides a 30 s wait, and lint forbids it.
 */
export async function attemptBrowserAction(action: (options: { timeout: number }) => Promise<unknown>, options: { timeoutMs?: number } = {}) {
  try {
    await action({ timeout: options.timeoutMs ?? 1_000 });
    return true;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
}

/** Loads a player's recording up to its length and times (a page's players ask for nothing before play), so a test can move through it. */
export function loadRecording(player: Locator) {
  return player.evaluate((element: HTMLMediaElement) => new Promise((resolve) => {
    element.preload = "auto";
    element.addEventListener("loadedmetadata", resolve, { once: true });
    element.load();
  }));
}
