import { boolean, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";

export const NOTIFICATION_TYPES = ["memory_unlocked", "birthday_soon", "video_ready", "video_failed"] as const;

/** What the bell shows. `dedupeKey` makes the daily job write each item once per user. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id").references(() => children.id, { onDelete: "set null" }),
    childName: text("child_name").notNull().default(""),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    message: text("message").notNull(),
    /** The in-app page the entry opens (the video, the memory, the child); older rows have none. */
    link: text("link"),
    read: boolean("read").notNull().default(false),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique("notifications_user_dedupe_key").on(table.userId, table.dedupeKey), index("notifications_user_created_idx").on(table.userId, table.createdAt)],
);
