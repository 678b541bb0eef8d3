import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/**
 * One row per resumable (tus) upload not yet turned into a video: who owns it, its declared
 * size (counted against the quota) and when bytes last arrived (24 h without progress: expired).
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("uploads_user_id_idx").on(table.userId), index("uploads_last_activity_at_idx").on(table.lastActivityAt)],
);
