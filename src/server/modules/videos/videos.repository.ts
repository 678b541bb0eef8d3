import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { children } from "../children/children.table";
import { lockUserUploads, storageUsedBytes } from "../uploads/uploads.repository";
import { uploads } from "../uploads/uploads.table";
import type { StoredFileRef } from "../memories/memories.storage";
import { memories, memoryChildren, memoryFiles } from "../memories/memories.table";

/** A video as its routes and processing read it: the memory's fields, its processing, its playable file and thumbnail. */
const videoColumns = {
  id: memories.id,
  userId: memories.userId,
  title: memories.title,
  notes: memories.notes,
  durationSeconds: memories.durationSeconds,
  unlockType: memories.unlockType,
  unlockAge: memories.unlockAge,
  unlockDate: memories.unlockDate,
  unlockMilestone: memories.unlockMilestone,
  milestoneReachedAt: memories.milestoneReachedAt,
  releaseEarly: memories.releaseEarly,
  // Set on every video (the columns are null for the other kinds only).
  uploadId: sql<string>`${memories.uploadId}`,
  processingStatus: sql<"processing" | "completed" | "failed">`${memories.processingStatus}`,
  processingProgress: sql<number>`${memories.processingProgress}`,
  processingError: memories.processingError,
  sizeBytes: memories.sizeBytes,
  filePath: sql<string | null>`(SELECT f.key FROM memory_files f WHERE f.memory_id = ${memories.id} AND f.role = 'playable_video')`,
  thumbnailPath: sql<string | null>`(SELECT f.key FROM memory_files f WHERE f.memory_id = ${memories.id} AND f.role = 'thumbnail')`,
  createdAt: memories.createdAt,
  updatedAt: memories.updatedAt,
};
const selectVideos = (db: DbOrTransaction) => db.select(videoColumns).from(memories);
export type VideoRow = Awaited<ReturnType<typeof selectVideos>>[number];
type NewVideo = Pick<
  typeof memories.$inferInsert,
  "userId" | "title" | "notes" | "unlockType" | "unlockAge" | "unlockDate" | "unlockMilestone" | "releaseEarly" | "sizeBytes"
> & { uploadId: string };

const isVideo = eq(memories.kind, "video");
/** A stored file of a video (the playable MP4 or the thumbnail) and what it is. */
type VideoFile = { role: "playable_video" | "thumbnail"; key: string; sizeBytes: number; contentType: string; sha256: string };

/**
 * Deleting a child deletes the videos made only for that child (spec: 'This will also delete all
 * associated videos'); a video shared with another child stays. Returns the files to delete.
 */
export async function deleteVideosOnlyFor(tx: DbOrTransaction, input: { userId: string; childId: string }) {
  const deleted = await tx.execute<StoredFileRef>(sql`
    WITH gone AS (
      DELETE FROM memories m
      WHERE m.user_id = ${input.userId} AND m.kind = 'video'
        AND m.id IN (SELECT memory_id FROM memory_children GROUP BY memory_id HAVING bool_and(child_id = ${input.childId}))
      RETURNING m.id)
    SELECT f.bucket, f.key FROM gone JOIN memory_files f ON f.memory_id = gone.id`);
  return deleted.rows;
}

export function createVideosRepository(db: Database) {
  async function childrenOf(videoIds: string[]) {
    if (videoIds.length === 0) return new Map<string, Array<{ id: string; name: string; birthdate: string }>>();
    const rows = await db
      .select({ videoId: memoryChildren.memoryId, id: children.id, name: children.name, birthdate: children.birthdate })
      .from(memoryChildren)
      .innerJoin(children, eq(children.id, memoryChildren.childId))
      .where(inArray(memoryChildren.memoryId, videoIds))
      .orderBy(asc(children.createdAt));
    const byVideo = new Map<string, Array<{ id: string; name: string; birthdate: string }>>();
    for (const { videoId, ...child } of rows) byVideo.set(videoId, [...(byVideo.get(videoId) ?? []), child]);
    return byVideo;
  }

  const byUpload = (input: { uploadId: string; userId: string }) => and(eq(memories.uploadId, input.uploadId), eq(memories.userId, input.userId), isVideo);

  /** Stores a video's file of this role, replacing the one it had. */
  const putFile = (tx: DbOrTransaction, id: string, file: VideoFile) =>
    tx
      .insert(memoryFiles)
      .values({ memoryId: id, bucket: "videos", ...file })
      .onConflictDoUpdate({ target: [memoryFiles.memoryId, memoryFiles.role], set: { key: file.key, sizeBytes: file.sizeBytes, contentType: file.contentType, sha256: file.sha256, createdAt: new Date() } });

  return {
    countOwnedChildren: async (input: { userId: string; childIds: string[] }) =>
      (await db.select({ id: children.id }).from(children).where(and(eq(children.userId, input.userId), inArray(children.id, input.childIds)))).length,

    /**
     * One transaction: the video (processing, 80), its children, `inTransaction` (its unlock instants)
     * and the upload handed over to it. One video per upload (a unique index): a second submit of the
     * same upload, even at the same moment, inserts nothing and gets the first video (`created: false`).
     */
    createFromUpload: (input: { video: NewVideo; childIds: string[]; quotaBytes: number }, inTransaction?: (tx: DbOrTransaction, videoId: string) => Promise<void>) =>
      db.transaction(async (tx) => {
        // The quota is counted here, when Dad saves: a recording uploaded while it was made was not counted before.
        await lockUserUploads(tx, input.video.userId);
        const [saved] = await tx.select({ id: memories.id }).from(memories).where(byUpload(input.video));
        if (saved) return { video: saved, created: false as const };
        const usedBytes = await storageUsedBytes(tx, { userId: input.video.userId, exceptUploadId: input.video.uploadId });
        if (usedBytes + (input.video.sizeBytes ?? 0) > input.quotaBytes) return { overQuota: true as const };
        const [video] = await tx
          .insert(memories)
          .values({ ...input.video, kind: "video", processingStatus: "processing", processingProgress: 80 })
          .onConflictDoNothing({ target: [memories.userId, memories.uploadId] })
          .returning({ id: memories.id });
        if (!video) {
          const [existing] = await tx.select({ id: memories.id }).from(memories).where(byUpload(input.video));
          if (!existing) throw new Error("The upload belongs to another video");
          return { video: existing, created: false as const };
        }
        await tx.insert(memoryChildren).values(input.childIds.map((childId) => ({ memoryId: video.id, childId })));
        await inTransaction?.(tx, video.id);
        await tx.delete(uploads).where(and(eq(uploads.id, input.video.uploadId), eq(uploads.userId, input.video.userId)));
        return { video, created: true as const };
      }),

    /** The owner's video made from this upload, if one was already saved (a repeated submit). */
    findByUpload: async (input: { uploadId: string; userId: string }) =>
      (await db.select({ id: memories.id }).from(memories).where(byUpload(input)))[0],

    listOwned: async (userId: string) => {
      const rows = await selectVideos(db).where(and(eq(memories.userId, userId), isVideo)).orderBy(desc(memories.createdAt));
      const byVideo = await childrenOf(rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, children: byVideo.get(row.id) ?? [] }));
    },
    findOwned: async (input: { id: string; userId: string }) => {
      const [row] = await selectVideos(db).where(and(eq(memories.id, input.id), eq(memories.userId, input.userId), isVideo));
      if (!row) return undefined;
      return { ...row, children: (await childrenOf([row.id])).get(row.id) ?? [] };
    },
    /** For the processing job, which acts for the owner. */
    findForProcessing: async (id: string) => {
      const [row] = await selectVideos(db).where(and(eq(memories.id, id), isVideo));
      if (!row) return undefined;
      return { ...row, children: (await childrenOf([row.id])).get(row.id) ?? [] };
    },
    updateNotes: (input: { id: string; userId: string; notes: string }) =>
      db
        .update(memories)
        .set({ notes: input.notes, updatedAt: new Date() })
        .where(and(eq(memories.id, input.id), eq(memories.userId, input.userId), isVideo))
        .returning({ id: memories.id }),
    setThumbnail: (input: { id: string; userId: string; thumbnail: Omit<VideoFile, "role"> }) =>
      db.transaction(async (tx) => {
        const [owned] = await tx
          .update(memories)
          .set({ updatedAt: new Date() })
          .where(and(eq(memories.id, input.id), eq(memories.userId, input.userId), isVideo))
          .returning({ id: memories.id });
        if (owned) await putFile(tx, owned.id, { role: "thumbnail", ...input.thumbnail });
      }),
    /**
     * Runs `work` holding the video's processing lock, a PostgreSQL advisory lock waited for inside a transaction: two
     * nodes never process one video at once, and a node that dies releases the lock with its connection. The
     * connection's keepalives are short so that a node gone without closing it (power lost) lets go within about a
     * minute rather than the system's two hours.
     */
    holdingProcessingLock: <T>(id: string, work: () => Promise<T>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('tcp_keepalives_idle', '30', true), set_config('tcp_keepalives_interval', '10', true), set_config('tcp_keepalives_count', '3', true)`);
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`process-video:${id}`}))`);
        return work();
      }),
    /** Only a video still processing is finished here: a late or repeated job never overwrites an outcome. True when it was. */
    markCompleted: (input: { id: string; file: Omit<VideoFile, "role">; durationSeconds: number }) =>
      db.transaction(async (tx) => {
        const [completed] = await tx
          .update(memories)
          .set({ durationSeconds: input.durationSeconds, sizeBytes: input.file.sizeBytes, processingStatus: "completed", processingProgress: 100, processingError: null, updatedAt: new Date() })
          .where(and(eq(memories.id, input.id), eq(memories.processingStatus, "processing")))
          .returning({ id: memories.id });
        if (completed) await putFile(tx, completed.id, { role: "playable_video", ...input.file });
        return completed !== undefined;
      }),
    markFailed: async (input: { id: string; error: string }) =>
      (
        await db
          .update(memories)
          .set({ processingStatus: "failed", processingError: input.error, updatedAt: new Date() })
          .where(and(eq(memories.id, input.id), eq(memories.processingStatus, "processing")))
          .returning({ id: memories.id })
      ).length > 0,
    /** Deletes the video (its file rows go with it) and returns where all its stored files are (captions included). */
    delete: (input: { id: string; userId: string }) =>
      db.transaction(async (tx) => {
        const files = await tx.select({ bucket: memoryFiles.bucket, key: memoryFiles.key }).from(memoryFiles).where(eq(memoryFiles.memoryId, input.id));
        const deleted = await tx.delete(memories).where(and(eq(memories.id, input.id), eq(memories.userId, input.userId), isVideo)).returning({ id: memories.id });
        return deleted.length > 0 ? (files as StoredFileRef[]) : [];
      }),
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
