/**
 * The web app's one analytics module.
 * - Page views on public routes and product events (pd_*, onboarding_*, upsell_*) are batched to
 *   the first-party POST /api/events (flushed every few seconds and when the page is hidden).
 * - Meta pixel events (PageView, Lead, InitiateCheckout, Purchase) go to Meta only when the
 *   server's config has a META_PIXEL_ID; otherwise no third-party script is ever loaded.
 */
import { findPublicPage } from "../../shared/public-pages";
import { getVisitorId } from "./experiment";

export type PixelEvent = "PageView" | "Lead" | "InitiateCheckout" | "Purchase";
type Properties = Record<string, string | number | boolean | null>;
type QueuedEvent = { name: string; path?: string; properties?: Properties; occurredAt: string };
type Fbq = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string; callMethod?: (...args: unknown[]) => void; push?: unknown };

const FLUSH_AFTER_MS = 4000;
const MAX_BATCH = 50;
const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let fbq: Fbq | undefined;

function flush(useBeacon = false) {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const events = queue.splice(0, MAX_BATCH);
    const body = JSON.stringify({ visitorId: getVisitorId(), events });
    if (useBeacon && navigator.sendBeacon?.("/api/events", new Blob([body], { type: "application/json" }))) continue;
    void fetch("/api/events", { method: "POST", credentials: "include", keepalive: true, headers: { "content-type": "application/json" }, body }).catch(() => {});
  }
}

if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush(true);
  });
}

function enqueue(event: Omit<QueuedEvent, "occurredAt">) {
  queue.push({ ...event, occurredAt: new Date().toISOString() });
  if (queue.length >= MAX_BATCH) flush();
  else timer ??= setTimeout(() => flush(), FLUSH_AFTER_MS);
}

/** A product event: names start with pd_, onboarding_ or upsell_ (the server refuses others). */
export function trackEvent(name: `${"pd" | "onboarding" | "upsell"}_${string}`, properties?: Properties) {
  enqueue({ name, path: window.location.pathname, properties });
}

declare global {
  interface Window {
    /** Pixel events sent on this page, for a tag manager or a test to observe. */
    heydadEvents?: Array<{ name: PixelEvent; data?: Record<string, string | number> }>;
  }
}

/** Sends a pixel event to Meta when the pixel is on; always noted in window.heydadEvents. */
export function trackPixel(event: PixelEvent, params?: Record<string, string | number>) {
  window.heydadEvents ??= [];
  window.heydadEvents.push({ name: event, data: params });
  fbq?.("track", event, params);
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

/** A page view on a public route: stored first-party, and a PageView for the pixel. */
export function trackPageView(pathname: string) {
  if (!findPublicPage(pathname)) return;
  enqueue({ name: "page_view", path: pathname });
  trackPixel("PageView");
}

/** Switches the Meta pixel on (once) when the server's config names a pixel id. */
export function enableMetaPixel(pixelId: string | null) {
  if (!pixelId || fbq) return;
  const stub: Fbq = (...args: unknown[]) => {
    if (stub.callMethod) stub.callMethod(...args);
    else stub.queue!.push(args);
  };
  stub.queue = [];
  stub.loaded = true;
  stub.version = "2.0";
  stub.push = stub;
  const globals = window as unknown as { fbq?: Fbq; _fbq?: Fbq };
  globals.fbq = globals._fbq = stub;
  fbq = stub;
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://connect.facebook.net/en_US/fbevents.js";
  document.head.appendChild(script);
  stub("init", pixelId);
  if (findPublicPage(window.location.pathname)) stub("track", "PageView");
}
