import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { HighlightedText, TranscriptSegment } from "../../../shared/transcripts";
import { memoryFiles } from "../memories/memories.table";
import { transcripts, transcriptSegments } from "./transcripts.table";

/** The recording a memory's transcript is made from: a narration's or note's voice, a video's playable file. */
export type TranscriptSource = { userId: string; durationSeconds: number | null; bucket: "audio" | "videos"; key: string; sha256: string | null };
export type CaptionsFile = { bucket: "audio" | "videos"; key: string; sizeBytes: number; sha256: string };

/** ts_headline's marks around a matching word: control characters, which no caption holds. */
const MATCH_START = "\u0002";
const MATCH_END = "\u0003";
const HEADLINE_OPTIONS = `HighlightAll=true, StartSel=${MATCH_START}, StopSel=${MATCH_END}`;

/** A headline's text as plain stretches and matching words, so it is shown without ever being read as HTML. */
function highlighted(headline: string): HighlightedText {
  return headline
    .split(MATCH_END)
    .flatMap((part) => {
      const [before, match] = part.split(MATCH_START) as [string, string | undefined];
      return match === undefined ? [{ text: before, match: false }] : [{ text: before, match: false }, { text: match, match: true }];
    })
    .filter((part) => part.text !== "");
}

/** A foreign key violation: the memory was deleted meanwhile. */
const memoryGone = (error: unknown) => (error as { code?: string; cause?: { code?: string } }).code === "23503" || (error as { cause?: { code?: string } }).cause?.code === "23503";

export function createTranscriptsRepository(db: Database) {
  return {
    /**
     * Whether the memory exists (for this user, when given) and the recording it would be transcribed from (null for a
     * written note, or a video not processed yet).
     */
    async sourceOf(input: { memoryId: string; userId?: string }): Promise<{ source: TranscriptSource | null } | null> {
      const { rows } = await db.execute<{ user_id: string; duration_seconds: number | null; bucket: "audio" | "videos" | null; key: string | null; sha256: string | null }>(sql`
        SELECT m.user_id, m.duration_seconds, f.bucket, f.key, f.sha256
        FROM memories m
        LEFT JOIN memory_files f ON f.memory_id = m.id AND f.role = CASE WHEN m.kind = 'video' THEN 'playable_video' ELSE 'voice' END
        WHERE m.id = ${input.memoryId} ${input.userId === undefined ? sql`` : sql`AND m.user_id = ${input.userId}`}`);
      const row = rows[0];
      if (!row) return null;
      return { source: row.bucket && row.key ? { userId: row.user_id, durationSeconds: row.duration_seconds, bucket: row.bucket, key: row.key, sha256: row.sha256 } : null };
    },

    async find(memoryId: string) {
      const [row] = await db.select().from(transcripts).where(eq(transcripts.memoryId, memoryId));
      if (!row) return null;
      const segments = await db
        .select({ startMs: transcriptSegments.startMs, endMs: transcriptSegments.endMs, text: transcriptSegments.text, words: transcriptSegments.words })
        .from(transcriptSegments)
        .where(eq(transcriptSegments.memoryId, memoryId))
        .orderBy(asc(transcriptSegments.position));
      const [captions] = await db.select({ bucket: memoryFiles.bucket, key: memoryFiles.key }).from(memoryFiles).where(and(eq(memoryFiles.memoryId, memoryId), eq(memoryFiles.role, "captions")));
      return { ...row, segments: segments as TranscriptSegment[], captions: captions ?? null };
    },

    /**
     * Dad's captions that contain the words searched for (PostgreSQL full-text search, English stemming), best first,
     * each with its matching words marked (ts_headline) and the moment the first matching word is said (the caption's start for Dad's own text, which has no word
     * times). With `memoryIds`, only in those memories.
     */
    async search(input: { userId: string; query: string; limit: number; memoryIds?: string[] }) {
      if (input.memoryIds?.length === 0) return [];
      const among = input.memoryIds ? sql`AND s.memory_id IN (${sql.join(input.memoryIds.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
      const { rows } = await db.execute<{ memory_id: string; title: string; kind: "narration" | "note" | "video"; text: string; headline: string; at_ms: number }>(sql`
        WITH q AS (SELECT websearch_to_tsquery('english', ${input.query}) AS query)
        SELECT s.memory_id, m.title, m.kind, s.text, ts_headline('english', s.text, q.query, ${HEADLINE_OPTIONS}) AS headline,
          coalesce((
            SELECT (w->>'startMs')::int FROM jsonb_array_elements(s.words) w
            WHERE to_tsvector('english', w->>'text') @@ regexp_replace(q.query::text, '<[0-9-]+>|&', '|', 'g')::tsquery
            ORDER BY (w->>'startMs')::int LIMIT 1
          ), s.start_ms) AS at_ms
        FROM q, transcript_segments s JOIN memories m ON m.id = s.memory_id
        WHERE m.user_id = ${input.userId} ${among} AND to_tsvector('english', s.text) @@ q.query
        ORDER BY ts_rank(to_tsvector('english', s.text), q.query) DESC, m.created_at DESC, s.position
        LIMIT ${input.limit}`);
      return rows.map((row) => ({ memoryId: row.memory_id, title: row.title, kind: row.kind, text: row.text, highlight: highlighted(row.headline), atMs: Number(row.at_ms) }));
    },

    /** Marks the transcript as being made, unless Dad wrote his own; false when it stays as it is (or the memory is gone). */
    async markTranscribing(memoryId: string) {
      try {
        const rows = await db
          .insert(transcripts)
          .values({ memoryId, status: "transcribing" })
          .onConflictDoUpdate({ target: transcripts.memoryId, set: { status: "transcribing", error: null, updatedAt: new Date() }, setWhere: eq(transcripts.editedByDad, false) })
          .returning({ memoryId: transcripts.memoryId });
        return rows.length > 0;
      } catch (error) {
        if (memoryGone(error)) return false;
        throw error;
      }
    },

    /** Failed, saying why (`keepNotedError`: the reason a try noted, when there is one). */
    async markFailed(input: { memoryId: string; error: string; keepNotedError?: boolean }) {
      await db
        .update(transcripts)
        .set({ status: "failed", error: input.keepNotedError ? sql`coalesce(${transcripts.error}, ${input.error})` : input.error, updatedAt: new Date() })
        .where(and(eq(transcripts.memoryId, input.memoryId), eq(transcripts.editedByDad, false)));
    },

    /** Why a try failed, while the transcript is still being made (a later try may still make it). */
    async noteError(input: { memoryId: string; error: string }) {
      await db
        .update(transcripts)
        .set({ error: input.error, updatedAt: new Date() })
        .where(and(eq(transcripts.memoryId, input.memoryId), eq(transcripts.status, "transcribing")));
    },

    /**
     * The transcript, its segments and its captions file, in one transaction. The engine's result is kept only while
     * the memory is still waiting for it (Dad's own text always wins). Returns whether it was kept, and the captions
     * file it replaced (to delete once committed).
     */
    async save(input: { memoryId: string; engine: string; language: string; sourceSha256: string | null; byDad: boolean; segments: TranscriptSegment[]; captions: CaptionsFile }) {
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx.select({ editedByDad: transcripts.editedByDad }).from(transcripts).where(eq(transcripts.memoryId, input.memoryId)).for("update");
          if (!input.byDad && (!current || current.editedByDad)) return { saved: false as const };
          const [previous] = await tx.select({ bucket: memoryFiles.bucket, key: memoryFiles.key }).from(memoryFiles).where(and(eq(memoryFiles.memoryId, input.memoryId), eq(memoryFiles.role, "captions")));
          await tx.delete(transcriptSegments).where(eq(transcriptSegments.memoryId, input.memoryId));
          if (input.segments.length > 0) {
            await tx.insert(transcriptSegments).values(input.segments.map((segment, position) => ({ memoryId: input.memoryId, position, ...segment })));
          }
          const file = { bucket: input.captions.bucket, key: input.captions.key, sizeBytes: input.captions.sizeBytes, contentType: "text/vtt", sha256: input.captions.sha256 };
          await tx
            .insert(memoryFiles)
            .values({ memoryId: input.memoryId, role: "captions", ...file })
            .onConflictDoUpdate({ target: [memoryFiles.memoryId, memoryFiles.role], set: { ...file, createdAt: new Date() } });
          const row = { status: "ready" as const, engine: input.engine, language: input.language, sourceSha256: input.sourceSha256, editedByDad: input.byDad, error: null, updatedAt: new Date() };
          await tx.insert(transcripts).values({ memoryId: input.memoryId, ...row }).onConflictDoUpdate({ target: transcripts.memoryId, set: row });
          return { saved: true as const, replaced: previous && previous.key !== input.captions.key ? previous : null };
        });
      } catch (error) {
        if (memoryGone(error)) return { saved: false as const };
        throw error;
      }
    },
  };
}

export type TranscriptsRepository = ReturnType<typeof createTranscriptsRepository>;
