import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MEMORY_KINDS } from "../../../shared/memories";
import { UNLOCK_TYPES } from "../../../shared/unlock-rules";
import { users } from "../auth/auth.table";
import { linkedChildId, memories } from "./memories.table";

/**
 * Which memory and child a row is about: deleting the memory, the child or the account removes the row with it.
 * `memory_kind` is the memory's kind, kept on the row for the events it is dispatched as.
 */
function memoryAndChild() {
  return {
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    kind: text("memory_kind", { enum: MEMORY_KINDS }).notNull(),
    childId: linkedChildId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unlockType: text("unlock_type", { enum: UNLOCK_TYPES }).notNull(),
  };
}

/**
 * The instant each memory opens for each of its children, recomputed whenever the memory, its
 * rule or children, a child's birthdate or the account's time zone changes. `opens_at` is null while
 * it cannot be known (a milestone not yet reached, a video still processing or failed).
 * `unlocked_at` is set once the unlock is recorded; from then on the row is never re-locked.
 * `milestone_reached_at` is a milestone reached for this child only (its guardians confirmed it,
 * on their child's page); Dad's 'Unlock now' is the memory's own `milestone_reached_at`, for all its children.
 * The partial index holds only the rows still waiting, so 'what has opened by now' is an index scan.
 */
export const memoryUnlockInstants = pgTable(
  "memory_unlock_instants",
  {
    ...memoryAndChild(),
    opensAt: timestamp("opens_at", { withTimezone: true, precision: 3 }),
    milestoneReachedAt: timestamp("milestone_reached_at", { withTimezone: true, precision: 3 }),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex("memory_unlock_instants_memory_child_key").on(table.memoryId, table.childId),
    index("memory_unlock_instants_due_idx").on(table.opensAt).where(sql`unlocked_at IS NULL AND opens_at IS NOT NULL`),
    index("memory_unlock_instants_child_idx").on(table.childId),
  ],
);

/**
 * An unlock is an event recorded once per (memory, child). `dispatched_at` is set once every
 * subscriber of 'memory.unlocked' has handled it; rows not yet dispatched are delivered again
 * (subscribers are idempotent), so a crash between recording and notifying loses nothing.
 */
export const memoryUnlocks = pgTable(
  "memory_unlocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...memoryAndChild(),
    unlockedAt: timestamp("unlocked_at", { withTimezone: true, precision: 3 }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true, precision: 3 }),
    /** Opened by Dad's legacy release ('If something happens to me'), not by its own rule. */
    releasedEarly: boolean("released_early").notNull().default(false),
  },
  (table) => [
    uniqueIndex("memory_unlocks_memory_child_key").on(table.memoryId, table.childId),
    index("memory_unlocks_undispatched_idx").on(table.recordedAt).where(sql`dispatched_at IS NULL`),
    index("memory_unlocks_child_idx").on(table.childId, table.unlockedAt),
  ],
);
