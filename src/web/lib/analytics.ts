/**
 * Pixel-style analytics events (spec 000 §7: PageView, Lead, InitiateCheckout, Purchase).
 * Events are pushed to `window.heydadEvents` and announced as a `heydad:analytics` DOM event, so
 * a tracking script (or a test) can pick them up; nothing leaves the browser from here.
 */
export type AnalyticsEvent = { name: "PageView" | "Lead" | "InitiateCheckout" | "Purchase"; data?: Record<string, unknown> };

declare global {
  interface Window {
    heydadEvents?: AnalyticsEvent[];
  }
}

export function track(event: AnalyticsEvent) {
  window.heydadEvents ??= [];
  window.heydadEvents.push(event);
  window.dispatchEvent(new CustomEvent("heydad:analytics", { detail: event }));
}

/** Tracks an event at most once per key in this browser (e.g. Purchase per checkout session). */
export function trackOnce(key: string, event: AnalyticsEvent) {
  const storageKey = `heydad.tracked.${key}`;
  try {
    if (window.localStorage.getItem(storageKey)) return;
    window.localStorage.setItem(storageKey, "1");
  } catch {
    // Storage unavailable: track anyway, once per page load at worst.
  }
  track(event);
}
