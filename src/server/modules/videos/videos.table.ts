import { bigint, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { linkedChildId, unlockRuleColumns } from "../memories/memories.table";

/** A video of a dad. file_path and thumbnail_path are keys in the 'videos' bucket. */
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
