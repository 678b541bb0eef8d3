import type { PlanInterval } from "../../../shared/billing";

export type CheckoutKind = "subscription" | "gift";

/** A checkout session as the payment provider reports it. */
export type ProviderCheckoutSession = {
  id: string;
  kind: CheckoutKind;
  /** complete and paid (or a subscription started with its free days): the purchase went through. */
  completed: boolean;
  expired: boolean;
  userId: string | null;
  email: string | null;
  interval: PlanInterval;
  subscriptionId: string | null;
  customerId: string | null;
  /** The landing-page experiment's visitor who started the checkout, when known. */
  visitorId: string | null;
};

/** A subscription as the payment provider reports it. */
export type ProviderSubscription = {
  id: string;
  customerId: string | null;
  userId: string | null;
  status: string;
  interval: PlanInterval;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** A verified webhook event: which object to re-fetch. */
export type PaymentEvent = { id: string; type: string; checkoutSessionId?: string; subscriptionId?: string };

export type CreateCheckoutInput = {
  kind: CheckoutKind;
  interval: PlanInterval;
  email: string | null;
  userId: string | null;
  customerId: string | null;
  visitorId: string | null;
  /** End of the free 30 days when still ahead: the first charge falls then. */
  trialEnd: Date | null;
  successUrl: string;
  cancelUrl: string;
};

/** One interface, two implementations: Stripe, and the built-in TEST MODE checkout. */
export type Payments = {
  mode: "stripe" | "test";
  priceIds: Record<PlanInterval, string>;
  createCustomer: (input: { email: string; userId: string }) => Promise<string | null>;
  createCheckoutSession: (input: CreateCheckoutInput) => Promise<{ id: string; url: string }>;
  retrieveCheckoutSession: (id: string) => Promise<ProviderCheckoutSession | null>;
  retrieveSubscription: (id: string) => Promise<ProviderSubscription | null>;
  cancelSubscriptionAtPeriodEnd: (id: string) => Promise<ProviderSubscription>;
  /** Un-cancels a subscription set to end at its period's end: it renews again. */
  resumeSubscription: (id: string) => Promise<ProviderSubscription>;
  createPortalUrl: (input: { customerId: string; returnUrl: string }) => Promise<string | null>;
  /** Verifies the signature on the raw body; throws InvalidSignatureError when it does not match. */
  parseWebhook: (rawBody: string, signature: string | undefined) => PaymentEvent;
};

export class InvalidSignatureError extends Error {}
