import { bigint, date, index, integer, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { children } from "../children/children.table";
import { UNLOCK_TYPES } from "../../../shared/unlock-rules";

/** A video of a dad (spec 001 §3). file_path and thumbnail_path are keys in the 'videos' bucket. */
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
    unlockType: text("unlock_type", { enum: UNLOCK_TYPES }).notNull().default("now"),
    unlockAge: integer("unlock_age"),
    unlockDate: date("unlock_date", { mode: "string" }),
    unlockMilestone: text("unlock_milestone"),
    milestoneReachedAt: timestamp("milestone_reached_at", { withTimezone: true }),
    processingStatus: text("processing_status", { enum: ["processing", "completed", "failed"] }).notNull().default("processing"),
    processingProgress: integer("processing_progress").notNull().default(80),
    processingError: text("processing_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("videos_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

export const videoChildren = pgTable(
  "video_children",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    childId: uuid("child_id")
      .notNull()
      .references(() => children.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.childId] }), index("video_children_child_id_idx").on(table.childId)],
);
