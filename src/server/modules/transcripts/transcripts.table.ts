import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { TranscriptWord } from "../../../shared/transcripts";
import { memories } from "../memories/memories.table";

/**
 * Where a memory's transcript stands (one row per memory with a recording): being made, made, or failed; which engine
 * made it (or 'dad', whose own text always wins), its language, and the sha256 of the recording it was made from,
 * so the same file is never transcribed twice. The row and its segments go with the memory.
 */
export const transcripts = pgTable("transcripts", {
  memoryId: uuid("memory_id")
    .primaryKey()
    .references(() => memories.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["transcribing", "ready", "failed"] }).notNull(),
  engine: text("engine"),
  language: text("language"),
  sourceSha256: text("source_sha256"),
  editedByDad: boolean("edited_by_dad").notNull().default(false),
  error: text("error"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The transcript's captions in order: their times (ms), text and recognised words (with times and confidence). */
export const transcriptSegments = pgTable(
  "transcript_segments",
  {
    memoryId: uuid("memory_id")
      .notNull()
      .references(() => memories.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    startMs: integer("start_ms").notNull(),
    endMs: integer("end_ms").notNull(),
    text: text("text").notNull(),
    words: jsonb("words").$type<TranscriptWord[]>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.memoryId, table.position] }), index("transcript_segments_text_idx").using("gin", sql`to_tsvector('english', ${table.text})`)],
);
