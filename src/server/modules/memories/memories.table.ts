import { bigint, boolean, date, index, integer, pgTable, pgView, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";
import { MEMORY_FILE_ROLES, MEMORY_KINDS } from "../../../shared/memories";
import { UNLOCK_TYPES } from "../../../shared/unlock-rules";

/** The child a memory is for, in a memory's link table (the row goes when the child is deleted). */
export function linkedChildId() {
  return uuid("child_id")
    .notNull()
    .references(() => children.id, { onDelete: "cascade" });
}

/**
 * Every memory, whatever its kind (a narration: voice and photo; a quick note: no photo, voice optional; a video),
 * with the fields every kind shares. Its files are rows of memory_files, its children rows of memory_children.
 * A video also carries its processing here: the upload it came from (its temporary file is deleted once
 * processed), how far processing got, and the bytes it counts against the storage quota (the upload's size, then
 * the stored MP4's); those stay null (0 bytes) for the other kinds.
 * Created times keep millisecond precision so the (created_at, id) page cursor round-trips exactly.
 */
export const memories = pgTable(
  "memories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: MEMORY_KINDS }).notNull(),
    title: text("title").notNull(),
    notes: text("notes").notNull().default(""),
    /** A narration's or note's recorded length as Dad's browser measured it; a video's once processed. */
    durationSeconds: real("duration_seconds"),
    /** The unlock rule, and the instant Dad marked a milestone reached ('Unlock now'). */
    unlockType: text("unlock_type", { enum: UNLOCK_TYPES }).notNull().default("now"),
    unlockAge: integer("unlock_age"),
    unlockDate: date("unlock_date", { mode: "string" }),
    unlockMilestone: text("unlock_milestone"),
    milestoneReachedAt: timestamp("milestone_reached_at", { withTimezone: true, precision: 3 }),
    /** 'Release early if something happens to me': opens at Dad's legacy release (months without a sign of him), whatever the rule. */
    releaseEarly: boolean("release_early").notNull().default(false),
    uploadId: text("upload_id"),
    processingStatus: text("processing_status", { enum: ["processing", "completed", "failed"] }),
    processingProgress: integer("processing_progress"),
    processingError: text("processing_error"),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Read backwards for newest first: ORDER BY created_at DESC, id DESC walks it with no sort step.
  // One video per upload: a double submit of the same upload finds the first video instead of making a second.
  (table) => [index("memories_user_created_idx").on(table.userId, table.createdAt, table.id), uniqueIndex("memories_user_upload_key").on(table.userId, table.uploadId)],
);

/** The children a memory is for (the spec's selected_children, kept as rows so a deleted child drops out). */
export const memoryChildren = pgTable(
  "memory_children",
  {
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    childId: linkedChildId(),
  },
  (table) => [primaryKey({ columns: [table.memoryId, table.childId] }), index("memory_children_child_idx").on(table.childId)],
);

/**
 * A memory's stored files: where each is (bucket and key in file storage) and what it is (size, content type,
 * sha256, known when the file was written by the app; files stored before this table have them null until read
 * again). The row goes with its memory; the stored object is deleted by whoever deletes the memory.
 */
export const memoryFiles = pgTable(
  "memory_files",
  {
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    role: text("role", { enum: MEMORY_FILE_ROLES }).notNull(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    contentType: text("content_type"),
    sha256: text("sha256"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memoryId, table.role] })],
);

/**
 * One row per form submission that created a narration or quick note (the browser's Idempotency-Key,
 * scoped to the dad): a double click or a retry after a dropped connection finds the first memory
 * here instead of making a second one. Claimed in the transaction that inserts the memory.
 */
export const memoryCreationKeys = pgTable(
  "memory_creation_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/** Read-only view from the child_memory_counts custom migration: memories per child. */
export const childMemoryCounts = pgView("child_memory_counts", {
  childId: uuid("child_id").notNull(),
  userId: text("user_id").notNull(),
  total: integer("total").notNull(),
}).existing();
