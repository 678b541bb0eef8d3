import { type AnyPgColumn, index, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { memories } from "../memories/memories.table";

/** One row per comment or reply, so two tabs never overwrite each other. */
export const videoComments = pgTable(
  "video_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    /** Set on replies; replies are one level deep. */
    parentId: uuid("parent_id").references((): AnyPgColumn => videoComments.id, { onDelete: "cascade" }),
    author: text("author").notNull().default("Anonymous"),
    authorId: text("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    timeSeconds: real("time_seconds").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (table) => [index("video_comments_video_id_idx").on(table.videoId, table.createdAt)],
);
