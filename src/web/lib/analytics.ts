/**
 * Product analytics (pd_*, onboarding_*) and pixel events (PageView, Lead, InitiateCheckout,
 * Purchase). Events are kept in memory and announced as DOM events until the first-party
 * events endpoint lands.
 */
export type AnalyticsEvent = { name: string; properties: Record<string, unknown>; at: string };
export type PixelEvent = "PageView" | "Lead" | "InitiateCheckout" | "Purchase";

const events: AnalyticsEvent[] = [];

export function track(name: string, properties: Record<string, unknown> = {}) {
  const event = { name, properties, at: new Date().toISOString() };
  events.push(event);
  if (events.length > 200) events.shift();
  window.dispatchEvent(new CustomEvent("hd:analytics", { detail: event }));
}

declare global {
  interface Window {
    /** Pixel events sent on this page, for a tag manager or a test to observe. */
    heydadEvents?: Array<{ name: PixelEvent; data?: Record<string, string | number> }>;
  }
}

export function trackPixel(event: PixelEvent, params?: Record<string, string | number>) {
  window.heydadEvents ??= [];
  window.heydadEvents.push({ name: event, data: params });
  track(event, params);
}

/** A pixel event at most once per key in this browser (e.g. Purchase per checkout session). */
export function trackPixelOnce(key: string, event: PixelEvent, params?: Record<string, string | number>) {
  const storageKey = `heydad.tracked.${key}`;
  try {
    if (window.localStorage.getItem(storageKey)) return;
    window.localStorage.setItem(storageKey, "1");
  } catch {
    // Storage unavailable: track anyway, once per page load at worst.
  }
  trackPixel(event, params);
}
