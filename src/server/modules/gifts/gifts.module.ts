import type { BillingUsecases } from "../billing/billing.usecases";
import type { EmailOutbox } from "../email/email.usecases";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createGiftsRepository } from "./gifts.repository";
import { registerGiftsRoutes } from "./gifts.routes";
import { createGiftsUsecases } from "./gifts.usecases";

/** Gift codes: a paid gift ('gift.paid', from billing) issues its code, once per checkout. */
export function createGiftsModule(
  infra: ModuleInfrastructure,
  options: {
    outbox: EmailOutbox;
    appUrl: string;
    supportEmail: string;
    /** A redeemed code is a billing event: billing records the new access. */
    recordAccess: (userId: string) => Promise<unknown>;
    contactOf: (userId: string) => Promise<{ email: string; timeZone: string } | null>;
    /** Billing adds a redeemed gift's months inside the redemption's transaction. */
    extendGiftAccess: BillingUsecases["extendGiftAccess"];
  },
) {
  const gifts = createGiftsUsecases({ repository: createGiftsRepository(infra.db), ...options });
  infra.events.on("gift.paid", (gift) => gifts.issueForPurchase(gift));
  return { gifts, routes: registerGiftsRoutes({ gifts, checkRateLimit: infra.rateLimit({ name: "gift-code", max: 20 }) }) };
}
