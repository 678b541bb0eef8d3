import type { AnalyticsBatch } from "../../../shared/analytics-events";
import type { SessionUser } from "../auth/auth.types";
import type { AnalyticsRepository } from "./analytics.repository";

const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export function createAnalyticsUsecases(options: { analytics: AnalyticsRepository }) {
  return {
    /** Stores a batch; a browser clock far off (a day either way) is replaced by the server's. */
    async record(batch: AnalyticsBatch, user: SessionUser | null) {
      const received = Date.now();
      await options.analytics.insertMany(
        batch.events.map((event) => {
          const at = event.occurredAt ? Date.parse(event.occurredAt) : received;
          return {
            name: event.name,
            path: event.path,
            properties: event.properties ?? {},
            visitorId: batch.visitorId,
            userId: user?.id,
            occurredAt: new Date(Math.abs(at - received) > MAX_CLOCK_SKEW_MS ? received : at),
          };
        }),
      );
      return { stored: batch.events.length };
    },
  };
}

export type AnalyticsUsecases = ReturnType<typeof createAnalyticsUsecases>;
