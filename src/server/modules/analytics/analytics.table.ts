import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** First-party product events (pd_*, onboarding_*, upsell_*) and page views on public routes. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    path: text("path"),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    visitorId: uuid("visitor_id"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("analytics_events_name_occurred_idx").on(table.name, table.occurredAt)],
);
