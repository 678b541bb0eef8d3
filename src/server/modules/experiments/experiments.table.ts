import { index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/** One row per visitor: the landing variant they were given (first assignment wins). */
export const landingPageAssignments = pgTable("landing_page_assignments", {
  visitorId: uuid("visitor_id").primaryKey(),
  variant: text("variant", { enum: ["A", "B"] }).notNull(),
  /** Set when the visitor signs up or converts while signed in, so later conversions still count. */
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
}, (table) => [index("landing_page_assignments_user_id_idx").on(table.userId)]);

/** Each conversion type counts once per visitor. */
export const landingPageConversions = pgTable(
  "landing_page_conversions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitorId: uuid("visitor_id")
      .notNull()
      .references(() => landingPageAssignments.visitorId, { onDelete: "cascade" }),
    variant: text("variant", { enum: ["A", "B"] }).notNull(),
    conversionType: text("conversion_type", { enum: ["email_signup", "signup", "checkout_started", "purchase"] }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string | number | boolean>>().notNull().default({}),
    convertedAt: timestamp("converted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("landing_page_conversions_once").on(table.visitorId, table.conversionType)],
);
