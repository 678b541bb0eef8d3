import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";

/** The people a dad names to receive his memories for his children (issue 15), at most 5 per account. */
export const guardians = pgTable(
  "guardians",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    relation: text("relation", { enum: ["co-parent", "grandparent", "godparent", "other"] }).notNull(),
    /** Whether this guardian receives for every child (also those added later) or only those in guardian_children. */
    allChildren: boolean("all_children").notNull().default(true),
    status: text("status", { enum: ["invited", "accepted", "declined"] }).notNull().default("invited"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** sha256 (hex) of the invitation token; a resend replaces it. */
    inviteTokenHash: text("invite_token_hash").notNull(),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("guardians_user_id_idx").on(table.userId),
    uniqueIndex("guardians_user_email_unique").on(table.userId, table.email),
    uniqueIndex("guardians_invite_token_unique").on(table.inviteTokenHash),
  ],
);

/** The children a guardian receives for, when not all of them. Deleting the child removes the row. */
export const guardianChildren = pgTable(
  "guardian_children",
  {
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.guardianId, table.childId] }), index("guardian_children_child_idx").on(table.childId)],
);

/**
 * Private links to a child's page: one guardian, one child, valid 30 days. Only the sha256 of the
 * token is stored. Revoking sets revoked_at; deleting the guardian or the child removes the rows.
 */
export const familyLinks = pgTable(
  "family_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [uniqueIndex("family_links_token_unique").on(table.tokenHash), index("family_links_guardian_idx").on(table.guardianId, table.childId)],
);
