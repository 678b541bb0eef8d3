import { bigint, boolean, date, index, integer, pgTable, pgView, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";
import { UNLOCK_TYPES } from "../../../shared/unlock-rules";

/**
 * The unlock rule every kind of memory carries (narrations, quick notes and videos), and the
 * instant Dad marked a milestone reached ('Unlock now'). A function, so each table gets its own
 * column objects.
 */
function unlockRuleColumns() {
  return {
    unlockType: text("unlock_type", { enum: UNLOCK_TYPES }).notNull().default("now"),
    unlockAge: integer("unlock_age"),
    unlockDate: date("unlock_date", { mode: "string" }),
    unlockMilestone: text("unlock_milestone"),
    milestoneReachedAt: timestamp("milestone_reached_at", { withTimezone: true, precision: 3 }),
    /** 'Release early if something happens to me': opens at Dad's legacy release (months without a sign of him), whatever the rule. */
    releaseEarly: boolean("release_early").notNull().default(false),
  };
}

/** The child a memory is for, in a memory's link table (the row goes when the child is deleted). */
export function linkedChildId() {
  return uuid("child_id")
    .notNull()
    .references(() => children.id, { onDelete: "cascade" });
}

/**
 * Narrations (voice + photo) and quick notes (no photo; voice optional) in one table: they differ only by the photo.
 * Created times keep millisecond precision so the (created_at, id) page cursor round-trips exactly.
 */
export const narrations = pgTable(
  "narrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    notes: text("notes").notNull().default(""),
    durationSeconds: integer("duration_seconds").notNull().default(0),
    imagePath: text("image_path"),
    audioPath: text("audio_path"),
    ...unlockRuleColumns(),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // Read backwards for newest first: ORDER BY created_at DESC, id DESC walks it with no sort step.
  (table) => [index("narrations_user_created_idx").on(table.userId, table.createdAt, table.id)],
);

/** The children a narration is for (the spec's selected_children, kept as rows so a deleted child drops out). */
export const narrationChildren = pgTable(
  "narration_children",
  {
    narrationId: uuid("narration_id")
      .notNull()
      .references(() => narrations.id, { onDelete: "cascade" }),
    childId: linkedChildId(),
  },
  (table) => [primaryKey({ columns: [table.narrationId, table.childId] }), index("narration_children_child_idx").on(table.childId)],
);

/**
 * One row per form submission that created a narration or quick note (the browser's Idempotency-Key,
 * scoped to the dad): a double click or a retry after a dropped connection finds the first memory
 * here instead of making a second one. Claimed in the transaction that inserts the narration.
 */
export const narrationCreationKeys = pgTable(
  "narration_creation_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid("key").notNull(),
    narrationId: uuid("narration_id")
      .notNull()
      .references(() => narrations.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/**
 * A video of a dad, a memory kind like narrations: the memories module owns its tables (the videos module saves one
 * from its upload and records its processing). file_path and thumbnail_path are keys in the 'videos' bucket.
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    notes: text("notes").notNull().default(""),
    /** The tus upload the video came from; its temporary file is deleted once processed. */
    uploadId: text("upload_id").notNull(),
    filePath: text("file_path"),
    thumbnailPath: text("thumbnail_path"),
    durationSeconds: real("duration_seconds"),
    /** Bytes counted against the storage quota: the upload's size, then the stored MP4's. */
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull().default(0),
    ...unlockRuleColumns(),
    processingStatus: text("processing_status", { enum: ["processing", "completed", "failed"] }).notNull().default("processing"),
    processingProgress: integer("processing_progress").notNull().default(80),
    processingError: text("processing_error"),
    /** Millisecond precision like narrations, so the memories list's (created_at, id) cursor round-trips exactly. */
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Read backwards for the newest-first memories list, merged with narrations_user_created_idx.
  // One video per upload: a double submit of the same upload finds the first video instead of making a second.
  (table) => [index("videos_user_id_created_at_idx").on(table.userId, table.createdAt, table.id), uniqueIndex("videos_user_upload_key").on(table.userId, table.uploadId)],
);

export const videoChildren = pgTable(
  "video_children",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    childId: linkedChildId(),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.childId] }), index("video_children_child_id_idx").on(table.childId)],
);

/** Read-only view from the child_memory_counts custom migration: memories per child. */
export const childMemoryCounts = pgView("child_memory_counts", {
  childId: uuid("child_id").notNull(),
  userId: text("user_id").notNull(),
  total: integer("total").notNull(),
}).existing();
