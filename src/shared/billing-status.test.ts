import { describe, expect, it } from "vitest";
import { type BillingFacts, planState } from "./billing-status";

const now = new Date("2026-06-15T12:00:00Z");
const base: BillingFacts = { hasAccess: false, trialEndsAt: "2026-06-20T00:00:00.000Z", giftAccessUntil: null, giftFrom: null, subscription: null };
const plan = (status: string, cancelAtPeriodEnd = false) => ({ status, interval: "year", currentPeriodEnd: "2026-07-01T00:00:00.000Z", cancelAtPeriodEnd });

describe("where a dad stands (Settings' Billing section)", () => {
  it("in his free month with no plan: the free month and its end", () => {
    expect(planState(base, now)).toEqual({ kind: "free-month", until: "2026-06-20T00:00:00.000Z" });
  });

  it("a plan chosen in the free month starts at its end; a paid one is active, past due or cancelled until its period's end", () => {
    const periodEnd = "2026-07-01T00:00:00.000Z";
    expect(planState({ ...base, hasAccess: true, subscription: plan("trialing") }, now)).toEqual({ kind: "trialing", interval: "year", periodEnd });
    expect(planState({ ...base, hasAccess: true, subscription: plan("active") }, now)).toEqual({ kind: "active", interval: "year", periodEnd });
    expect(planState({ ...base, hasAccess: true, subscription: plan("past_due") }, now)).toMatchObject({ kind: "past-due" });
    expect(planState({ ...base, hasAccess: true, subscription: plan("trialing", true) }, now)).toEqual({ kind: "cancelled", interval: "year", periodEnd });
  });

  it("a running gift says whose and until when; an admin grant is access without a plan", () => {
    const gift = { ...base, hasAccess: true, giftAccessUntil: "2027-06-01T00:00:00.000Z", giftFrom: "mom@example.com" };
    expect(planState(gift, now)).toEqual({ kind: "gift", until: "2027-06-01T00:00:00.000Z", from: "mom@example.com" });
    // A live plan comes first: its renewal is what he can act on.
    expect(planState({ ...gift, subscription: plan("active") }, now)).toMatchObject({ kind: "active" });
    expect(planState({ ...base, trialEndsAt: "2026-01-01T00:00:00.000Z", hasAccess: true }, now)).toEqual({ kind: "granted" });
  });

  it("lapsed: since the latest end of what he had (free month, gift or ended plan)", () => {
    const trialOver = { ...base, trialEndsAt: "2026-01-01T00:00:00.000Z" };
    expect(planState(trialOver, now)).toEqual({ kind: "lapsed", since: "2026-01-01T00:00:00.000Z" });
    expect(planState({ ...trialOver, giftAccessUntil: "2026-05-01T00:00:00.000Z" }, now)).toEqual({ kind: "lapsed", since: "2026-05-01T00:00:00.000Z" });
    const ended = { status: "canceled", interval: "month", currentPeriodEnd: "2026-03-01T00:00:00.000Z", cancelAtPeriodEnd: true };
    expect(planState({ ...trialOver, subscription: ended }, now)).toEqual({ kind: "lapsed", since: "2026-03-01T00:00:00.000Z" });
  });
});
