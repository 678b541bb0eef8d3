import { ACCESS_GIVING_STATUSES, type PlanInterval } from "./billing";

/** What GET /api/billing says about the dad's plan (dates as ISO strings). */
export type BillingFacts = {
  hasAccess: boolean;
  trialEndsAt: string | null;
  giftAccessUntil: string | null;
  giftFrom: string | null;
  subscription: { status: string; interval: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
};

/**
 * Where the dad stands, one state at a time, for Settings' Billing section:
 * - `free-month`: his first 30 days, no plan chosen yet;
 * - `trialing`: a plan chosen in the free month, starting (first charge) when it ends;
 * - `active`, `past-due`: a paid plan that renews (past-due: the last charge failed);
 * - `cancelled`: set to end, with access until the period's end;
 * - `gift`: a redeemed gift's access; `granted`: access given by an admin;
 * - `lapsed`: nothing running; `since` is when the last access ended.
 */
export type PlanState =
  | { kind: "free-month"; until: string }
  | { kind: "trialing" | "active" | "past-due" | "cancelled"; interval: PlanInterval; periodEnd: string | null }
  | { kind: "gift"; until: string; from: string | null }
  | { kind: "granted" }
  | { kind: "lapsed"; since: string | null };

const toInterval = (value: string): PlanInterval => (value === "year" ? "year" : "month");
const isAfter = (iso: string | null, now: Date): iso is string => iso !== null && new Date(iso).getTime() > now.getTime();
const latest = (dates: Array<string | null>) =>
  dates.filter((date): date is string => date !== null).sort((a, b) => new Date(b).getTime() - new Date(a).getTime())[0] ?? null;

export function planState(facts: BillingFacts, now: Date): PlanState {
  const subscription = facts.subscription;
  if (subscription && ACCESS_GIVING_STATUSES.has(subscription.status)) {
    const plan = { interval: toInterval(subscription.interval), periodEnd: subscription.currentPeriodEnd };
    if (subscription.cancelAtPeriodEnd) return { kind: "cancelled", ...plan };
    if (subscription.status === "trialing") return { kind: "trialing", ...plan };
    return { kind: subscription.status === "past_due" ? "past-due" : "active", ...plan };
  }
  if (isAfter(facts.giftAccessUntil, now)) return { kind: "gift", until: facts.giftAccessUntil, from: facts.giftFrom };
  if (facts.hasAccess) return { kind: "granted" };
  if (isAfter(facts.trialEndsAt, now)) return { kind: "free-month", until: facts.trialEndsAt };
  return { kind: "lapsed", since: latest([facts.trialEndsAt, facts.giftAccessUntil, subscription?.currentPeriodEnd ?? null]) };
}

/** A plan that renews, so the dad can cancel it (or, once cancelled, resume it). */
export const isRenewingPlan = (state: PlanState) => state.kind === "trialing" || state.kind === "active" || state.kind === "past-due";
