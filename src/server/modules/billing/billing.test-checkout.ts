import crypto from "node:crypto";
import { PLANS, type PlanInterval } from "../../../shared/billing";
import { addMonths } from "../../../shared/calendar";
import type { BillingRepository } from "./billing.repository";
import { billingErrors } from "./billing.errors";
import type { Payments, ProviderSubscription } from "./billing.payments";

type TestSessionRow = NonNullable<Awaited<ReturnType<BillingRepository["testCheckout"]["find"]>>>;

const toInterval = (value: string): PlanInterval => (value === "year" ? "year" : "month");

function toSubscription(row: TestSessionRow): ProviderSubscription | null {
  if (!row.subscriptionId || !row.subscriptionStatus) return null;
  const ended = row.cancelAtPeriodEnd && row.currentPeriodEnd !== null && row.currentPeriodEnd.getTime() <= Date.now();
  return {
    id: row.subscriptionId,
    customerId: null,
    userId: row.userId,
    status: ended ? "canceled" : row.trialEnd && row.trialEnd.getTime() > Date.now() ? "trialing" : row.subscriptionStatus,
    interval: toInterval(row.interval),
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  };
}

/**
 * The built-in TEST MODE checkout (no STRIPE_SECRET_KEY): sessions live in our own table and
 * are paid on /checkout/test/{session}. It answers the same interface as Stripe.
 */
export function createTestCheckoutPayments(options: { repository: BillingRepository; appUrl: string }) {
  const sessions = options.repository.testCheckout;

  const payments: Payments = {
    mode: "test",
    priceIds: { month: "test_price_monthly", year: "test_price_annual" },
    createCustomer: async () => null,
    async createCheckoutSession(input) {
      const id = `cs_test_${crypto.randomBytes(16).toString("hex")}`;
      await sessions.create({
        id,
        kind: input.kind,
        userId: input.userId,
        email: input.email,
        visitorId: input.visitorId,
        interval: input.interval,
        amountCents: PLANS[input.interval].priceCents,
        trialEnd: input.trialEnd,
      });
      return { id, url: `${options.appUrl}/checkout/test/${id}` };
    },
    async retrieveCheckoutSession(id) {
      const row = await sessions.find(id);
      if (!row) return null;
      return {
        id: row.id,
        kind: row.kind === "gift" ? "gift" : "subscription",
        completed: row.status === "complete",
        expired: row.status === "expired",
        userId: row.userId,
        email: row.email,
        interval: toInterval(row.interval),
        subscriptionId: row.subscriptionId,
        customerId: null,
        visitorId: row.visitorId,
      };
    },
    async retrieveSubscription(id) {
      const row = await sessions.findBySubscription(id);
      return row ? toSubscription(row) : null;
    },
    async cancelSubscriptionAtPeriodEnd(id) {
      const row = await sessions.cancelAtPeriodEnd(id);
      const subscription = row ? toSubscription(row) : null;
      if (!subscription) throw billingErrors.subscriptionNotFound();
      return subscription;
    },
    async resumeSubscription(id) {
      const row = await sessions.cancelAtPeriodEnd(id, false);
      const subscription = row ? toSubscription(row) : null;
      if (!subscription) throw billingErrors.subscriptionNotFound();
      return subscription;
    },
    createPortalUrl: async () => null,
    parseWebhook() {
      throw billingErrors.webhooksOff();
    },
  };

  return {
    payments,
    /** What the test checkout page shows. */
    async describe(id: string) {
      const row = await sessions.find(id);
      if (!row) throw billingErrors.checkoutNotFound();
      return { id: row.id, kind: row.kind, interval: toInterval(row.interval), amountCents: row.amountCents, email: row.email, status: row.status, trialEnd: row.trialEnd?.toISOString() ?? null };
    },
    /** 'Pay': the provider's side of a successful payment (a subscription starts, or a gift is paid). */
    async pay(id: string) {
      const row = await sessions.find(id);
      if (!row) throw billingErrors.checkoutNotFound();
      if (row.kind !== "subscription") {
        await sessions.complete(id, { subscriptionId: null, subscriptionStatus: null, currentPeriodEnd: null });
        return;
      }
      const startsAt = row.trialEnd && row.trialEnd.getTime() > Date.now() ? row.trialEnd : new Date();
      const months = row.interval === "year" ? 12 : 1;
      await sessions.complete(id, {
        subscriptionId: `sub_test_${id.slice("cs_test_".length)}`,
        subscriptionStatus: "active",
        currentPeriodEnd: row.trialEnd && row.trialEnd.getTime() > Date.now() ? startsAt : addMonths(startsAt, months),
      });
    },
    cancel: (id: string) => sessions.expire(id),
  };
}

export type TestCheckout = ReturnType<typeof createTestCheckoutPayments>;
