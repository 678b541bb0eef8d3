import type { Config } from "../../config";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { requireAccess } from "./billing.middleware";
import { createBillingRepository } from "./billing.repository";
import { registerBillingRoutes } from "./billing.routes";
import { createStripePayments } from "./billing.stripe";
import { createTestCheckoutPayments } from "./billing.test-checkout";
import { type BillingUsecasesOptions, createBillingUsecases } from "./billing.usecases";

/**
 * Plans, checkout and access: Stripe when its keys are set, else the built-in TEST MODE checkout behind the same
 * interface. It tells the other modules what happened through events: a paid gift ('gift.paid') and an access that
 * changed ('access.changed').
 */
export function createBillingModule(
  infra: ModuleInfrastructure,
  options: Pick<BillingUsecasesOptions, "appUrl" | "supportEmail" | "outbox" | "contactOf" | "recordConversion"> & { stripe: Config["stripe"] },
) {
  const { stripe, ...rest } = options;
  const repository = createBillingRepository(infra.db);
  const testCheckout = stripe ? undefined : createTestCheckoutPayments({ repository, appUrl: options.appUrl });
  const payments = stripe ? createStripePayments(stripe) : testCheckout!.payments;
  const billing = createBillingUsecases({
    ...rest,
    repository,
    payments,
    onGiftPaid: (gift) => infra.events.emit("gift.paid", gift),
    setHasAccess: (input) => infra.events.emit("access.changed", input),
  });
  return {
    billing,
    payments,
    testCheckout,
    /** Refuses a dad without access (lapsed trial or subscription) on the routes that create memories. */
    requireAccess: requireAccess(billing),
    routes: registerBillingRoutes({ billing, testCheckout, subscribeRateLimit: infra.rateLimit({ name: "checkout", max: 10 }) }),
  };
}
