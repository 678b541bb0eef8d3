import { and, count, desc, eq, gte, isNull, lt, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { archives, childClaimCodes } from "./export.table";

export type ArchiveRow = typeof archives.$inferSelect;

/** Every query of Dad's is filtered by the owner; the job and the cleanup act by archive id. */
export function createExportRepository(db: Database) {
  return {
    /** The account's 'Download everything' archive being built, if any. */
    findBuilding: async (userId: string) =>
      (await db.select().from(archives).where(and(eq(archives.userId, userId), eq(archives.status, "building"), isNull(archives.childId))))[0],
    /** A new archive row; undefined when one is already being built for the account (the partial unique index). */
    insertBuilding: async (input: { userId: string; childId?: string | null }) =>
      (await db.insert(archives).values({ userId: input.userId, childId: input.childId ?? null }).onConflictDoNothing().returning())[0],
    latest: async (userId: string) =>
      (await db.select().from(archives).where(and(eq(archives.userId, userId), isNull(archives.childId))).orderBy(desc(archives.createdAt)).limit(1))[0],
    findOwned: async (input: { userId: string; id: string }) => (await db.select().from(archives).where(and(eq(archives.id, input.id), eq(archives.userId, input.userId))))[0],
    findById: async (id: string) => (await db.select().from(archives).where(eq(archives.id, id)))[0],
    setProgress: (input: { id: string; progress: number; currentItem: string }) =>
      db.update(archives).set({ progress: input.progress, currentItem: input.currentItem }).where(and(eq(archives.id, input.id), eq(archives.status, "building"))),
    markReady: (input: { id: string; fileKey: string; sizeBytes: number; missingFiles: number; readyAt: Date; expiresAt: Date }) =>
      db.update(archives).set({ ...input, status: "ready", progress: 100, currentItem: null }).where(eq(archives.id, input.id)),
    markFailed: (id: string) => db.update(archives).set({ status: "failed", currentItem: null }).where(and(eq(archives.id, id), eq(archives.status, "building"))),
    /** How many 'Download everything' archives the account asked for since `since`. */
    countRequestedSince: async (input: { userId: string; since: Date }) =>
      (await db.select({ n: count() }).from(archives).where(and(eq(archives.userId, input.userId), isNull(archives.childId), gte(archives.createdAt, input.since))))[0]?.n ?? 0,
    /** The account's other ready archives (the one just built replaces them). */
    listReadyOtherThan: (input: { userId: string; id: string }) =>
      db.select().from(archives).where(and(eq(archives.userId, input.userId), isNull(archives.childId), eq(archives.status, "ready"), ne(archives.id, input.id))),
    /** Ready archives past their expiry, oldest first. */
    listExpired: (now: Date, limit: number) =>
      db.select().from(archives).where(and(eq(archives.status, "ready"), lt(archives.expiresAt, now))).orderBy(archives.expiresAt).limit(limit),
    markExpired: (id: string) => db.update(archives).set({ status: "expired", fileKey: null }).where(eq(archives.id, id)),

    claimCodeOf: async (childId: string) => (await db.select().from(childClaimCodes).where(eq(childClaimCodes.childId, childId)))[0]?.code,
    /** Stores a code for the child unless it has one; returns the child's code either way. */
    insertClaimCode: async (input: { userId: string; childId: string; code: string }) => {
      await db.insert(childClaimCodes).values(input).onConflictDoNothing({ target: childClaimCodes.childId });
      return (await db.select({ code: childClaimCodes.code }).from(childClaimCodes).where(eq(childClaimCodes.childId, input.childId)))[0]?.code;
    },
    findClaimCode: async (code: string) => (await db.select().from(childClaimCodes).where(eq(childClaimCodes.code, code)))[0],
    /** For tests and the bench: when an archive stops being valid. */
    setExpiresAt: (input: { id: string; expiresAt: Date }) => db.update(archives).set({ expiresAt: input.expiresAt }).where(eq(archives.id, input.id)),
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
