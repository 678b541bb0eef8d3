import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
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
    /** Dad's own version of the answer's 'Say this' line ('Edit'), null while he keeps Pocket Dad's. */
    editedSay: text("edited_say"),
    /** The Playbook situation (or 'safety' / 'model'), used for recent topics and variation. */
    topic: text("topic").notNull(),
    engine: text("engine").notNull(),
    liked: boolean("liked").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("pocket_dad_responses_user_created_idx").on(table.userId, table.createdAt)],
);

/**
 * How many answers Dad has had on each topic, per child (or none): the Playbook's variation. Kept beside the history
 * so an answer reads one row instead of counting every earlier answer on the topic.
 */
export const pocketDadTopicCounts = pgTable(
  "pocket_dad_topic_counts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id").references(() => children.id, { onDelete: "cascade" }),
    topic: text("topic").notNull(),
    answers: integer("answers").notNull(),
  },
  (table) => [unique("pocket_dad_topic_counts_key").on(table.userId, table.childId, table.topic).nullsNotDistinct()],
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
