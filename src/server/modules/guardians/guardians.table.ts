import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";

/** The people a dad names to receive his memories for his children, at most 5 per account. */
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
    /**
     * 'guardian': named by Dad; 'child': the child themself, let in by the keepsake card (Dad's question or the
     * family's approval). A child receives their own memories like a guardian, but never confirms milestones,
     * never counts among the guardians and is not on Dad's list of guardians.
     */
    kind: text("kind", { enum: ["guardian", "child"] }).notNull().default("guardian"),
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

/**
 * One row per (memory, child, guardian) ever delivered or due: the unique key makes delivery happen
 * once, whatever the retries, restarts and app nodes. 'single' rows are one email each (dated, age,
 * milestone unlocks); 'digest' rows ('now' memories) are sent together once a day per guardian.
 */
export const familyDeliveries = pgTable(
  "family_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A narration, note or video id (the memories module owns those rows). */
    memoryId: uuid("memory_id").notNull(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    /** 'legacy': opened by Dad's legacy release, sent together per guardian and day like a digest. */
    mode: text("mode", { enum: ["single", "digest", "legacy"] }).notNull(),
    /** The digest's local day (YYYY-MM-DD) for 'digest' and 'legacy' rows. */
    digestDay: text("digest_day"),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true }).notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["pending", "sent", "failed", "skipped"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The last refusal or bounce, shown on the guardian's row. */
    error: text("error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("family_deliveries_once").on(table.memoryId, table.childId, table.guardianId),
    index("family_deliveries_digest_idx").on(table.guardianId, table.digestDay),
    index("family_deliveries_user_idx").on(table.userId, table.memoryId),
  ],
);

/**
 * 'This has happened' on a sealed milestone envelope: one per guardian, memory and child (a guardian of two
 * children confirms on each page). It confirms the milestone as worded when it was given: once Dad rewords it,
 * the confirmation no longer counts (and is dropped by the next confirmation).
 */
export const milestoneConfirmations = pgTable(
  "milestone_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    memoryId: uuid("memory_id").notNull(),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    /** The milestone's text as the guardian confirmed it. */
    milestone: text("milestone").notNull().default(""),
    /** Set on the confirmation that completed the count and opened the memory: undoing it (before delivery) seals it again. */
    openedMemory: boolean("opened_memory").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("milestone_confirmations_once").on(table.memoryId, table.childId, table.guardianId), index("milestone_confirmations_user_idx").on(table.userId)],
);

/**
 * Dad's Family delivery settings: how many guardians must confirm a milestone (1 by default), and
 * 'If something happens to me': on or off, the inactivity period in months, and his last
 * sign of life (a sign-in, 'I'm here' in a check-in email, switching it on).
 */
export const familySettings = pgTable(
  "family_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    confirmationsNeeded: integer("confirmations_needed").notNull().default(1),
    legacyEnabled: boolean("legacy_enabled").notNull().default(false),
    legacyPeriodMonths: integer("legacy_period_months").notNull().default(6),
    /** The second key: how many accepted guardians must say "something has happened" before a release (0: none needed). */
    legacyGuardiansNeeded: integer("legacy_guardians_needed").notNull().default(0),
    /** After a guardian's alarm, how many days Dad has to answer the check-in before the release (7-30). */
    legacyVetoDays: integer("legacy_veto_days").notNull().default(14),
    /** What his children call him ('Dad', 'Papa', 'Daddy' or his own word): the family's pages and emails name him so. */
    dadName: text("dad_name").notNull().default("Dad"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, precision: 3 }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("family_settings_legacy_idx").on(table.lastSeenAt).where(sql`legacy_enabled`)],
);

/**
 * What the legacy clock did, one row per (account, kind, period start): the unique key makes each
 * check-in email and the release happen once per period, whatever the retries and app nodes. A
 * check-in row holds the sha256 of its 'I'm here' token. The period starts at Dad's last sign of life.
 */
export const legacyEvents = pgTable(
  "legacy_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 'alarm-check-in': the check-in sent at once when a guardian said "something has happened". */
    kind: text("kind", { enum: ["month-check-in", "week-check-in", "alarm-check-in", "release"] }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true, precision: 3 }).notNull(),
    tokenHash: text("token_hash"),
    /** How many (memory, child) openings the release recorded. */
    released: integer("released"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("legacy_events_once").on(table.userId, table.kind, table.periodStart),
    uniqueIndex("legacy_events_token_unique").on(table.tokenHash),
  ],
);

/**
 * Every invitation email sent, by account and address: an address gets at most one new invitation a day from
 * an account, and an account a bounded number a day, whatever the edits (an address changed back and forth).
 */
export const guardianInvitations = pgTable(
  "guardian_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stored lower-cased, as guardians.email. */
    email: text("email").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("guardian_invitations_user_sent_idx").on(table.userId, table.sentAt), index("guardian_invitations_user_email_idx").on(table.userId, table.email, table.sentAt)],
);

/**
 * Addresses that declined an account's invitation: they are never invited by that account again (the invitation
 * promised "If you decline, we won't email you about it again"), even once the guardian is removed and added back.
 * Accepting later (the page still offers it) removes the row.
 */
export const guardianDeclines = pgTable(
  "guardian_declines",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    declinedAt: timestamp("declined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);

/**
 * Dad's question on a child's keepsake card: only the scrypt hash of the answer (as the child would type it,
 * folded: case, spaces and punctuation ignored) is stored. Five wrong answers in a row pause the card for a day.
 */
export const childKeys = pgTable("child_keys", {
  childId: uuid("child_id")
    .primaryKey()
    .references(() => children.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  question: text("question").notNull(),
  /** scrypt$<salt hex>$<hash hex> */
  answerHash: text("answer_hash").notNull(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  pausedUntil: timestamp("paused_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A child asking, from their keepsake card, to receive their messages at an address: by Dad's question
 * ('question': approved at once) or by the family ('family': pending until Dad or a guardian approves).
 * Once approved, the address gets a link to confirm it (only its sha256 stored), valid 7 days.
 */
export const childKeyRequests = pgTable(
  "child_key_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    /** 'dad': named by Dad himself in the card dialog (approved at once). */
    way: text("way", { enum: ["question", "family", "dad"] }).notNull(),
    status: text("status", { enum: ["pending", "approved", "refused", "confirmed"] }).notNull().default("pending"),
    /** Who answered a family request: a guardian's id, or null with decided_at set for Dad. */
    decidedByGuardianId: uuid("decided_by_guardian_id").references(() => guardians.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("child_key_requests_child_idx").on(table.childId, table.createdAt), uniqueIndex("child_key_requests_confirm_unique").on(table.confirmTokenHash)],
);

/** The Approve / Not her links of a family request: one per person asked (guardian_id null: Dad). Only the sha256 is stored. */
export const childKeyApprovals = pgTable(
  "child_key_approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => childKeyRequests.id, { onDelete: "cascade" }),
    guardianId: uuid("guardian_id").references(() => guardians.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
  },
  (table) => [uniqueIndex("child_key_approvals_token_unique").on(table.tokenHash)],
);

/**
 * A guardian's "I'm worried about him" ("something has happened"): one per guardian and period (the period starts at
 * Dad's last sign of life, so his answer to the check-in makes every earlier alarm count no more).
 */
export const legacyAlarms = pgTable(
  "legacy_alarms",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true, precision: 3 }).notNull(),
    raisedAt: timestamp("raised_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.periodStart, table.guardianId] })],
);

/** The age at which Dad hands a child's page to the child (18 when he chose none). */
export const childHandoverAges = pgTable("child_handover_ages", {
  childId: uuid("child_id")
    .primaryKey()
    .references(() => children.id, { onDelete: "cascade" }),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  age: integer("age").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When someone who receives a child's page (a guardian, or the grown child) last looked at it, whichever of their links
 * they used: the page marks "New" what opened since their previous visit. A visit is page views less than an hour apart,
 * so a reload does not clear the marks.
 */
export const familyPageVisits = pgTable(
  "family_page_visits",
  {
    guardianId: uuid("guardian_id")
      .notNull()
      .references(() => guardians.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    /** The end of the visit before this one (null: this is the first visit). */
    previousVisitAt: timestamp("previous_visit_at", { withTimezone: true, precision: 3 }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.guardianId, table.childId] })],
);

/**
 * Each hand-over done: one row per child and hand-over age, so the hourly job (on any node, run twice) tells the child
 * and the guardians once.
 */
export const childHandovers = pgTable(
  "child_handovers",
  {
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
    age: integer("age").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How many messages had opened for the child that day. */
    messages: integer("messages").notNull(),
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.childId, table.age] })],
);
