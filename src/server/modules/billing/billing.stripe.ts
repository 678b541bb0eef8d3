import Stripe from "stripe";
import { PLANS, type PlanInterval } from "../../../shared/billing";
import { PRODUCT_NAME } from "../../../shared/product";
import { InvalidSignatureError, type Payments, type ProviderSubscription } from "./billing.payments";

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PlanInterval, string>;
  /** Another API base (stripe-mock, or the local server the tests run). */
  apiUrl?: string;
};

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === "string" ? value : value.id);
const toInterval = (value: string | undefined): PlanInterval => (value === "year" ? "year" : "month");
// Stripe requires a trial to end at least 48 hours ahead; nearer than that, the charge starts now.
const MIN_TRIAL_MS = 48 * 3600 * 1000 + 60_000;

function toSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const legacyPeriodEnd = (subscription as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = item?.current_period_end ?? legacyPeriodEnd;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId ?? null,
    status: subscription.status,
    interval: toInterval(item?.price?.recurring?.interval),
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** Payments through Stripe Checkout, the billing portal and signed webhooks. */
export function createStripePayments(options: StripeOptions): Payments {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === "https:" ? 443 : 80), protocol: api.protocol === "https:" ? "https" : "http" } : {}),
  });

  return {
    mode: "stripe",
    priceIds: options.prices,
    async createCustomer({ email, userId }) {
      const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
      return customer.id;
    },
    async createCheckoutSession(input) {
      const metadata = {
        kind: input.kind,
        interval: input.interval,
        ...(input.userId ? { userId: input.userId } : {}),
        ...(input.visitorId ? { visitorId: input.visitorId } : {}),
      };
      const common = { success_url: input.successUrl, cancel_url: input.cancelUrl, metadata, client_reference_id: input.userId ?? undefined };
      const session =
        input.kind === "subscription"
          ? await stripe.checkout.sessions.create({
              ...common,
              mode: "subscription",
              line_items: [{ price: options.prices[input.interval], quantity: 1 }],
              ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email ?? undefined }),
              subscription_data: {
                metadata,
                ...(input.trialEnd && input.trialEnd.getTime() - Date.now() > MIN_TRIAL_MS ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
              },
            })
          : await stripe.checkout.sessions.create({
              ...common,
              mode: "payment",
              customer_email: input.email ?? undefined,
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: "usd",
                    unit_amount: PLANS[input.interval].priceCents,
                    product_data: { name: `${PRODUCT_NAME} gift: ${PLANS[input.interval].giftMonths === 12 ? "12 months" : "1 month"}` },
                  },
                },
              ],
            });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(id);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
      const kind = session.metadata?.kind === "gift" || session.mode === "payment" ? "gift" : "subscription";
      return {
        id: session.id,
        kind,
        completed: session.status === "complete" && session.payment_status !== "unpaid",
        expired: session.status === "expired",
        userId: session.metadata?.userId ?? session.client_reference_id ?? null,
        email: session.customer_details?.email ?? session.customer_email ?? null,
        interval: toInterval(session.metadata?.interval),
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        visitorId: session.metadata?.visitorId ?? null,
      };
    },
    async retrieveSubscription(id) {
      try {
        return toSubscription(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async cancelSubscriptionAtPeriodEnd(id) {
      return toSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: true }));
    },
    async resumeSubscription(id) {
      return toSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: false }));
    },
    async createPortalUrl({ customerId, returnUrl }) {
      const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return portal.url;
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", options.webhookSecret);
      } catch {
        throw new InvalidSignatureError("The webhook signature does not match.");
      }
      const object = event.data.object as { id?: string; object?: string; subscription?: unknown; parent?: { subscription_details?: { subscription?: unknown } | null } | null };
      if (object.object === "checkout.session") return { id: event.id, type: event.type, checkoutSessionId: object.id };
      if (object.object === "subscription") return { id: event.id, type: event.type, subscriptionId: object.id };
      if (object.object === "invoice") {
        const subscription = object.parent?.subscription_details?.subscription ?? object.subscription;
        return { id: event.id, type: event.type, subscriptionId: idOf(subscription as string | { id: string } | null) ?? undefined };
      }
      return { id: event.id, type: event.type };
    },
  };
}
