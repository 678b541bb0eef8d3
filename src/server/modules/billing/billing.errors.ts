import { defineError } from "../../http/app-error";

export const billingErrors = {
  accessRequired: defineError("ACCESS_REQUIRED", 403, "Your free month is over. Subscribe to keep recording and watching."),
  signInToSubscribe: defineError("UNAUTHENTICATED", 401, "Please sign in to subscribe."),
  unknownPrice: defineError("UNKNOWN_PRICE", 400, "That plan is not available."),
  alreadySubscribed: defineError("ALREADY_SUBSCRIBED", 409, "You already have a subscription. Manage it from the pricing page."),
  checkoutNotFound: defineError("CHECKOUT_NOT_FOUND", 404, "That checkout could not be found."),
  subscriptionNotFound: defineError("SUBSCRIPTION_NOT_FOUND", 404, "That subscription could not be found."),
  noBillingAccount: defineError("NO_BILLING_ACCOUNT", 404, "There is no billing account to manage yet."),
  invalidSignature: defineError("INVALID_SIGNATURE", 400, "The webhook signature does not match."),
  webhooksOff: defineError("WEBHOOKS_OFF", 404, "Payment webhooks are not in use (test checkout)."),
};
