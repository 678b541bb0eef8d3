import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";

/** Every Pocket Dad answer, kept as Dad's history (cleared by 'Clear Pocket Dad memory'). */
export const pocketDadResponses = pgTable(
  "pocket_dad_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id").references(() => children.id, { onDelete: "set null" }),
    prompt: text("prompt").notNull(),
    tone: text("tone").notNull(),
    intensity: text("intensity").notNull(),
    text: text("text").notNull(),
    /** The Playbook situation (or 'safety' / 'model'), used for recent topics and variation. */
    topic: text("topic").notNull(),
    engine: text("engine").notNull(),
    liked: boolean("liked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pocket_dad_responses_user_created_idx").on(table.userId, table.createdAt)],
);

/** A message Dad planned from an answer ('Record a message for later'), for the record screen. */
export const pocketDadLegacyPlans = pgTable(
  "pocket_dad_legacy_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    unlockType: text("unlock_type").notNull(),
    unlockValue: text("unlock_value").notNull(),
    source: text("source").notNull().default("PocketDad"),
    tone: text("tone").notNull(),
    intensity: text("intensity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pocket_dad_legacy_plans_user_idx").on(table.userId)],
);
