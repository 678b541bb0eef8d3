import type { Database } from "../../db/client";
import { analyticsEvents } from "./analytics.table";

export function createAnalyticsRepository(db: Database) {
  return {
    insertMany: (rows: (typeof analyticsEvents.$inferInsert)[]) => db.insert(analyticsEvents).values(rows),
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
