import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window request counters for the public API (kept in PostgreSQL so every app node shares them). */
export const apiRateLimits = pgTable("api_rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
