import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ARCHIVE_STATUSES } from "../../../shared/export";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";

/** 'Download everything' archives: one being built per account at a time, kept 7 days once ready. */
export const archives = pgTable(
  "archives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Set for a child's keepsake archive (unlocked memories only, for guardians); null for 'Download everything'. */
    childId: uuid("child_id").references(() => children.id, { onDelete: "cascade" }),
    status: text("status", { enum: ARCHIVE_STATUSES }).notNull().default("building"),
    progress: integer("progress").notNull().default(0),
    currentItem: text("current_item"),
    /** Key in the 'exports' bucket once ready. */
    fileKey: text("file_key"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    missingFiles: integer("missing_files").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    index("archives_user_created_idx").on(table.userId, table.createdAt),
    index("archives_expires_idx").on(table.status, table.expiresAt),
    // One archive being built per account: a second request finds the first.
    uniqueIndex("archives_one_building_idx").on(table.userId).where(sql`status = 'building' AND child_id IS NULL`),
  ],
);

/**
 * The claim code printed on a child's keepsake card. It is not a key to anything: it only lets
 * someone ask for a fresh link to be emailed to the child's accepted guardians.
 */
export const childClaimCodes = pgTable("child_claim_codes", {
  childId: uuid("child_id")
    .primaryKey()
    .references(() => children.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
