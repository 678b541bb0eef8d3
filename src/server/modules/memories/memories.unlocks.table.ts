import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MEMORY_KINDS } from "../../../shared/memories";
import { UNLOCK_TYPES } from "../../../shared/unlock-rules";
import { users } from "../auth/auth.table";
import { linkedChildId, narrations, videos } from "./memories.table";

/**
 * Which memory and child a row is about. A memory lives in narrations or videos, so the row holds
 * one foreign key to each (exactly one set): deleting the memory, the child or the account removes
 * the row with it. `memory_id` is whichever is set.
 */
function memoryAndChild() {
  return {
    narrationId: uuid("narration_id").references(() => narrations.id, { onDelete: "cascade" }),
    videoId: uuid("video_id").references(() => videos.id, { onDelete: "cascade" }),
    memoryId: uuid("memory_id")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(narration_id, video_id)`),
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
    check("memory_unlock_instants_one_memory", sql`num_nonnulls(narration_id, video_id) = 1`),
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
    check("memory_unlocks_one_memory", sql`num_nonnulls(narration_id, video_id) = 1`),
  ],
);
