import { bigint, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";

/**
 * One row per resumable (tus) upload not yet turned into a video: who owns it, its declared
 * size (counted against the quota) and when bytes last arrived (24 h without progress: expired).
 * A recording uploaded while it is made starts with its size deferred (tus Upload-Defer-Length):
 * `sizeBytes` stays 0 and nothing is counted until Dad saves it as a video.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    lengthDeferred: boolean("length_deferred").notNull().default(false),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("uploads_user_id_idx").on(table.userId), index("uploads_last_activity_at_idx").on(table.lastActivityAt)],
);
