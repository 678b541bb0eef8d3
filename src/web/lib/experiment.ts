/**
 * The landing-page experiment in the browser: a visitor id and a variant (A or B), each chosen
 * once and kept in localStorage; the assignment and each conversion type are sent once. The
 * visitor id survives sign-up (same browser), so a conversion after sign-up still counts, and
 * the server ties the visitor to the account on the first signed-in conversion. Checkout started
 * and purchase are recorded by the server, from the visitor id sent with the checkout request.
 */
import { createContext } from "react";
import type { ConversionType, LandingVariant } from "../../shared/experiment";
import { LANDING_VARIANT_COOKIE } from "../../shared/landing-variant-cookie";

const KEYS = {
  visitorId: "heydad.visitorId",
  variant: "heydad.abVariant",
  assignmentLogged: "heydad.abAssignmentLogged",
  conversion: (type: ConversionType) => `heydad.abConversion.${type}`,
} as const;

function read(key: string) {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the visitor simply is not tracked across visits.
  }
}

export function getVisitorId() {
  let id = read(KEYS.visitorId);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) {
    id = crypto.randomUUID();
    write(KEYS.visitorId, id);
  }
  return id;
}

const isVariant = (value: string | null | undefined): value is LandingVariant => value === "A" || value === "B";

function readVariantCookie() {
  if (typeof document === "undefined") return undefined;
  return document.cookie.match(new RegExp(`(?:^|; )${LANDING_VARIANT_COOKIE}=([AB])(?:;|$)`))?.[1];
}

/** Keeps the variant in localStorage and in the cookie the server reads to prerender /. */
function storeVariant(variant: LandingVariant) {
  write(KEYS.variant, variant);
  if (typeof document !== "undefined") document.cookie = `${LANDING_VARIANT_COOKIE}=${variant}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The visitor's variant: the one kept in the browser, else the one the server drew for this
 * first visit (its cookie), else drawn here at random; then kept.
 */
export function getLandingVariant(random = Math.random): LandingVariant {
  const stored = read(KEYS.variant);
  const cookie = readVariantCookie();
  const variant: LandingVariant = isVariant(stored) ? stored : isVariant(cookie) ? cookie : random() < 0.5 ? "A" : "B";
  if (stored !== variant || cookie !== variant) storeVariant(variant);
  return variant;
}

/** The variant / is being prerendered as (scripts/prerender.tsx); null in the browser. */
export const LandingVariantContext = createContext<LandingVariant | null>(null);

const post = (path: string, body: unknown) =>
  fetch(path, { method: "POST", credentials: "include", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** Logs the assignment once per browser; the server keeps the first variant it saw for the visitor. */
export async function logAssignment(variant: LandingVariant) {
  if (read(KEYS.assignmentLogged)) return;
  const response = await post("/api/experiment/assignments", { visitorId: getVisitorId(), variant }).catch(() => null);
  if (!response?.ok) return;
  const stored = (await response.json()) as { variant?: LandingVariant };
  if (stored.variant && stored.variant !== variant) storeVariant(stored.variant);
  write(KEYS.assignmentLogged, "1");
}

/**
 * The visitor id for conversions the server records (checkout started, purchase), carried
 * through checkout; undefined for a visitor who was never assigned a variant.
 */
export const assignedVisitorId = () => (read(KEYS.assignmentLogged) ? getVisitorId() : undefined);

/** Counts a conversion once per visitor and type; only visitors who were assigned a variant count. */
export async function recordConversion(type: ConversionType, metadata?: Record<string, string | number | boolean>) {
  if (!read(KEYS.assignmentLogged) || read(KEYS.conversion(type))) return;
  const response = await post("/api/experiment/conversions", { visitorId: getVisitorId(), conversionType: type, metadata }).catch(() => null);
  if (response?.ok) write(KEYS.conversion(type), "1");
}
