import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { children } from "../children/children.table";
import { lockUserUploads, storageUsedBytes } from "../uploads/uploads.repository";
import { uploads } from "../uploads/uploads.table";
import { storedFilesOf } from "../memories/memories.storage";
import { videoChildren, videos } from "../memories/memories.table";

export type VideoRow = typeof videos.$inferSelect;
type NewVideo = Omit<typeof videos.$inferInsert, "id" | "processingStatus" | "processingProgress" | "createdAt" | "updatedAt">;

/**
 * Deleting a child deletes the videos made only for that child (spec: 'This will also delete all
 * associated videos'); a video shared with another child stays. Returns the files to delete.
 */
export async function deleteVideosOnlyFor(tx: DbOrTransaction, input: { userId: string; childId: string }) {
  const deleted = await tx
    .delete(videos)
    .where(
      and(
        eq(videos.userId, input.userId),
        sql`${videos.id} IN (SELECT video_id FROM video_children GROUP BY video_id HAVING bool_and(child_id = ${input.childId}))`,
      ),
    )
    .returning({ filePath: videos.filePath, thumbnailPath: videos.thumbnailPath });
  return deleted.flatMap((row) => storedFilesOf({ source: "video", ...row }));
}

export function createVideosRepository(db: Database) {
  async function childrenOf(videoIds: string[]) {
    if (videoIds.length === 0) return new Map<string, Array<{ id: string; name: string; birthdate: string }>>();
    const rows = await db
      .select({ videoId: videoChildren.videoId, id: children.id, name: children.name, birthdate: children.birthdate })
      .from(videoChildren)
      .innerJoin(children, eq(children.id, videoChildren.childId))
      .where(inArray(videoChildren.videoId, videoIds))
      .orderBy(asc(children.createdAt));
    const byVideo = new Map<string, Array<{ id: string; name: string; birthdate: string }>>();
    for (const { videoId, ...child } of rows) byVideo.set(videoId, [...(byVideo.get(videoId) ?? []), child]);
    return byVideo;
  }

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
        const [saved] = await tx.select().from(videos).where(and(eq(videos.uploadId, input.video.uploadId), eq(videos.userId, input.video.userId)));
        if (saved) return { video: saved, created: false as const };
        const usedBytes = await storageUsedBytes(tx, { userId: input.video.userId, exceptUploadId: input.video.uploadId });
        if (usedBytes + (input.video.sizeBytes ?? 0) > input.quotaBytes) return { overQuota: true as const };
        const [video] = await tx
          .insert(videos)
          .values({ ...input.video, processingStatus: "processing", processingProgress: 80 })
          .onConflictDoNothing({ target: [videos.userId, videos.uploadId] })
          .returning();
        if (!video) {
          const [existing] = await tx.select().from(videos).where(and(eq(videos.uploadId, input.video.uploadId), eq(videos.userId, input.video.userId)));
          if (!existing) throw new Error("The upload belongs to another video");
          return { video: existing, created: false as const };
        }
        await tx.insert(videoChildren).values(input.childIds.map((childId) => ({ videoId: video.id, childId })));
        await inTransaction?.(tx, video.id);
        await tx.delete(uploads).where(and(eq(uploads.id, input.video.uploadId), eq(uploads.userId, input.video.userId)));
        return { video, created: true as const };
      }),

    /** The owner's video made from this upload, if one was already saved (a repeated submit). */
    findByUpload: async (input: { uploadId: string; userId: string }) =>
      (await db.select({ id: videos.id }).from(videos).where(and(eq(videos.uploadId, input.uploadId), eq(videos.userId, input.userId))))[0],

    listOwned: async (userId: string) => {
      const rows = await db.select().from(videos).where(eq(videos.userId, userId)).orderBy(desc(videos.createdAt));
      const byVideo = await childrenOf(rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, children: byVideo.get(row.id) ?? [] }));
    },
    findOwned: async (input: { id: string; userId: string }) => {
      const [row] = await db.select().from(videos).where(and(eq(videos.id, input.id), eq(videos.userId, input.userId)));
      if (!row) return undefined;
      return { ...row, children: (await childrenOf([row.id])).get(row.id) ?? [] };
    },
    /** For the processing job, which acts for the owner. */
    findForProcessing: async (id: string) => {
      const [row] = await db.select().from(videos).where(eq(videos.id, id));
      if (!row) return undefined;
      return { ...row, children: (await childrenOf([row.id])).get(row.id) ?? [] };
    },
    updateNotes: (input: { id: string; userId: string; notes: string }) =>
      db.update(videos).set({ notes: input.notes, updatedAt: new Date() }).where(and(eq(videos.id, input.id), eq(videos.userId, input.userId))).returning({ id: videos.id }),
    setThumbnail: (input: { id: string; userId: string; thumbnailPath: string }) =>
      db.update(videos).set({ thumbnailPath: input.thumbnailPath, updatedAt: new Date() }).where(and(eq(videos.id, input.id), eq(videos.userId, input.userId))),
    /** Only a video still processing is finished here: a late or repeated job never overwrites an outcome. True when it was. */
    markCompleted: async (input: { id: string; filePath: string; durationSeconds: number; sizeBytes: number }) =>
      (
        await db
          .update(videos)
          .set({ ...input, processingStatus: "completed", processingProgress: 100, processingError: null, updatedAt: new Date() })
          .where(and(eq(videos.id, input.id), eq(videos.processingStatus, "processing")))
          .returning({ id: videos.id })
      ).length > 0,
    markFailed: async (input: { id: string; error: string }) =>
      (
        await db
          .update(videos)
          .set({ processingStatus: "failed", processingError: input.error, updatedAt: new Date() })
          .where(and(eq(videos.id, input.id), eq(videos.processingStatus, "processing")))
          .returning({ id: videos.id })
      ).length > 0,
    delete: (input: { id: string; userId: string }) => db.delete(videos).where(and(eq(videos.id, input.id), eq(videos.userId, input.userId))),
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
