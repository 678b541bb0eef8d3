import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { videos } from "../videos/videos.table";
import { uploads } from "./uploads.table";

export function createUploadsRepository(db: Database) {
  return {
    /**
     * Records a new upload unless it would take the account over its quota: stored videos plus
     * unfinished uploads. A per-user advisory lock makes two simultaneous starts count each other.
     */
    reserve: (input: { id: string; userId: string; sizeBytes: number; quotaBytes: number }) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${input.userId}`}))`);
        const [videoBytes] = await tx.select({ total: sql<string>`coalesce(sum(${videos.sizeBytes}), 0)` }).from(videos).where(eq(videos.userId, input.userId));
        const [uploadBytes] = await tx.select({ total: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(eq(uploads.userId, input.userId));
        const usedBytes = Number(videoBytes?.total ?? 0) + Number(uploadBytes?.total ?? 0);
        if (usedBytes + input.sizeBytes > input.quotaBytes) return { reserved: false as const, usedBytes };
        await tx.insert(uploads).values({ id: input.id, userId: input.userId, sizeBytes: input.sizeBytes });
        return { reserved: true as const, usedBytes };
      }),
    findOwned: async (input: { id: string; userId: string }) =>
      (await db.select().from(uploads).where(and(eq(uploads.id, input.id), eq(uploads.userId, input.userId))))[0],
    touch: (id: string) => db.update(uploads).set({ lastActivityAt: new Date() }).where(eq(uploads.id, id)),
    delete: (id: string) => db.delete(uploads).where(eq(uploads.id, id)),
    listIdleSince: (before: Date) => db.select({ id: uploads.id }).from(uploads).where(lt(uploads.lastActivityAt, before)),
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
