import type { EmailOutbox } from "../email/email.usecases";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createGiftsRepository } from "./gifts.repository";
import { createGiftsUsecases } from "./gifts.usecases";

/** Gift codes: a paid gift ('gift.paid', from billing) issues its code, once per checkout. */
export function createGiftsModule(infra: ModuleInfrastructure, options: { outbox: EmailOutbox; appUrl: string; supportEmail: string; recordAccess: (userId: string) => Promise<unknown> }) {
  const gifts = createGiftsUsecases({ repository: createGiftsRepository(infra.db), ...options });
  infra.events.on("gift.paid", (gift) => gifts.issueForPurchase(gift));
  return gifts;
}
