import type { ModuleInfrastructure } from "../module-infrastructure";
import { createGiftsRepository } from "./gifts.repository";
import { registerGiftsRoutes } from "./gifts.routes";
import { createGiftsUsecases } from "./gifts.usecases";

/** Gift codes: a paid gift ('gift.paid', from billing) issues its code, once per checkout. */
export function createGiftsModule(
  infra: ModuleInfrastructure,
  options: Omit<Parameters<typeof createGiftsUsecases>[0], "repository">,
) {
  const gifts = createGiftsUsecases({ repository: createGiftsRepository(infra.db), ...options });
  infra.events.on("gift.paid", (gift) => gifts.issueForPurchase(gift));
  return { gifts, routes: registerGiftsRoutes({ gifts, checkRateLimit: infra.rateLimit({ name: "gift-code", max: 20 }) }) };
}
