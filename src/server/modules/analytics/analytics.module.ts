import type { ModuleInfrastructure } from "../module-infrastructure";
import { createAnalyticsRepository } from "./analytics.repository";
import { registerAnalyticsRoutes } from "./analytics.routes";
import { createAnalyticsUsecases } from "./analytics.usecases";

/** First-party product analytics: batches of events from the browser. */
export function createAnalyticsModule(infra: ModuleInfrastructure) {
  const analytics = createAnalyticsUsecases({ analytics: createAnalyticsRepository(infra.db) });
  return { analytics, routes: registerAnalyticsRoutes({ usecases: analytics, rateLimit: infra.rateLimit }) };
}
