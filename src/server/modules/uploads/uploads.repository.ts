import { and, count, eq, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { memories } from "../memories/memories.table";
import { uploads } from "./uploads.table";

/** One user's upload reservations and saves, one at a time (they read each other's totals). */
export const lockUserUploads = (tx: DbOrTransaction, userId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${userId}`}))`);

/** What counts against a user's quota: stored videos plus unfinished uploads of a known size (`exceptUploadId` left out). */
export async function storageUsedBytes(tx: DbOrTransaction, input: { userId: string; exceptUploadId?: string }) {
  const [videoBytes] = await tx.select({ total: sql<string>`coalesce(sum(${memories.sizeBytes}), 0)` }).from(memories).where(eq(memories.userId, input.userId));
  const ownUploads = eq(uploads.userId, input.userId);
  const counted = input.exceptUploadId ? and(ownUploads, ne(uploads.id, input.exceptUploadId)) : ownUploads;
  const [uploadBytes] = await tx.select({ total: sql<string>`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(counted);
  return Number(videoBytes?.total ?? 0) + Number(uploadBytes?.total ?? 0);
}

export function createUploadsRepository(db: Database) {
  return {
    /**
     * Records a new upload unless it would take the account over its quota: stored videos plus
     * unfinished uploads. A per-user advisory lock makes two simultaneous starts count each other.
     */
    reserve: (input: { id: string; userId: string; sizeBytes: number; quotaBytes: number }) =>
      db.transaction(async (tx) => {
        await lockUserUploads(tx, input.userId);
        const usedBytes = await storageUsedBytes(tx, { userId: input.userId });
        if (usedBytes + input.sizeBytes > input.quotaBytes) return { reserved: false as const, usedBytes };
        await tx.insert(uploads).values({ id: input.id, userId: input.userId, sizeBytes: input.sizeBytes });
        return { reserved: true as const, usedBytes };
      }),
    /**
     * Records a new upload whose size is deferred (a recording still being made): nothing counted,
     * but at most `maxOpen` of them per user at once, so uncounted bytes stay bounded.
     */
    reserveDeferred: (input: { id: string; userId: string; maxOpen: number }) =>
      db.transaction(async (tx) => {
        await lockUserUploads(tx, input.userId);
        const [open] = await tx.select({ count: count() }).from(uploads).where(and(eq(uploads.userId, input.userId), eq(uploads.lengthDeferred, true)));
        if ((open?.count ?? 0) >= input.maxOpen) return { reserved: false as const };
        await tx.insert(uploads).values({ id: input.id, userId: input.userId, sizeBytes: 0, lengthDeferred: true });
        return { reserved: true as const };
      }),
    findOwned: async (input: { id: string; userId: string }) =>
      (await db.select().from(uploads).where(and(eq(uploads.id, input.id), eq(uploads.userId, input.userId))))[0],
    touch: (id: string) => db.update(uploads).set({ lastActivityAt: new Date() }).where(eq(uploads.id, id)),
    delete: (id: string) => db.delete(uploads).where(eq(uploads.id, id)),
    listIdleSince: (before: Date) => db.select({ id: uploads.id }).from(uploads).where(lt(uploads.lastActivityAt, before)),
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
