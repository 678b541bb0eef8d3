/** Plans and prices (spec 000 §9, 002 §9). Prices in US cents; the browser never decides them. */
export const PLANS = {
  month: { interval: "month", label: "Monthly", priceCents: 499, giftMonths: 1 },
  year: { interval: "year", label: "Annual", priceCents: 3999, giftMonths: 12 },
} as const;

export type PlanInterval = keyof typeof PLANS;
export const PLAN_INTERVALS = ["month", "year"] as const satisfies readonly PlanInterval[];

/** Annual saving computed from the prices: 39.99 against 12 × 4.99 → 33 %. */
export const ANNUAL_SAVING_PERCENT = Math.round((1 - PLANS.year.priceCents / (12 * PLANS.month.priceCents)) * 100);

export const formatPrice = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The free month: full use for 30 days from account creation. */
export const TRIAL_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export const trialEndsAt = (accountCreatedAt: Date) => new Date(accountCreatedAt.getTime() + TRIAL_DAYS * DAY_MS);

/** Subscription statuses that give access. */
export const ACCESS_GIVING_STATUSES: ReadonlySet<string> = new Set(["active", "trialing", "past_due"]);

export type AccessFacts = {
  now: Date;
  accountCreatedAt: Date;
  subscriptionStatuses: string[];
  giftAccessUntil: Date | null;
  adminGrant: boolean;
};

/**
 * The one place access is decided. `hasAccess` is the paid/gifted/granted flag (profiles.has_access);
 * `blocked` is true once the free month is over without it: the pricing modal, the overlay and 403s.
 */
export function decideAccess(facts: AccessFacts) {
  const hasAccess =
    facts.adminGrant ||
    facts.subscriptionStatuses.some((status) => ACCESS_GIVING_STATUSES.has(status)) ||
    (facts.giftAccessUntil !== null && facts.giftAccessUntil.getTime() > facts.now.getTime());
  const trialEnd = trialEndsAt(facts.accountCreatedAt);
  const inTrial = facts.now.getTime() <= trialEnd.getTime();
  return { hasAccess, inTrial, trialEndsAt: trialEnd, blocked: !hasAccess && !inTrial };
}

/** Same rule in the browser, from what /api/me returns (the server still refuses on its own). */
export const isBlocked = (options: { hasAccess: boolean; accountCreatedAt: Date; now: Date }) =>
  !options.hasAccess && options.now.getTime() > trialEndsAt(options.accountCreatedAt).getTime();

/**
 * Pages a dad without access can still use: the dashboard, his settings (delete the
 * account, download everything), pricing and the legal pages. The blocking overlay guards only
 * recording and watching.
 */
const OPEN_WITHOUT_ACCESS = ["/dashboard", "/settings", "/pricing", "/privacy", "/terms", "/about"];

export const staysOpenWithoutAccess = (pathname: string) =>
  OPEN_WITHOUT_ACCESS.some((open) => pathname === open || pathname.startsWith(`${open}/`));

