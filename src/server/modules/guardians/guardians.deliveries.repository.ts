import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { familyDeliveries, familyLinks, guardianChildren, guardians } from "./guardians.table";

export type DeliveryRow = typeof familyDeliveries.$inferSelect;
export type NewDelivery = Omit<typeof familyDeliveries.$inferInsert, "id" | "status" | "attempts" | "error" | "sentAt" | "createdAt">;

/** Accepted, not paused, receiving for the child (all children, or this one chosen). */
const receivesFor = (childId: string) =>
  and(
    eq(guardians.status, "accepted"),
    isNull(guardians.pausedAt),
    or(eq(guardians.allChildren, true), sql`EXISTS (SELECT 1 FROM ${guardianChildren} gc WHERE gc.guardian_id = ${guardians.id} AND gc.child_id = ${childId}::uuid)`),
  );

export function createDeliveriesRepository(db: Database) {
  return {
    db,
    recipients: (input: { userId: string; childId: string }) =>
      db.select().from(guardians).where(and(eq(guardians.userId, input.userId), receivesFor(input.childId))),
    /** Inserts the rows not delivered yet; the unique (memory, child, guardian) skips the others. */
    insert: async (rows: NewDelivery[]) => (rows.length ? db.insert(familyDeliveries).values(rows).onConflictDoNothing().returning() : []),
    pendingFor: (input: { memoryId: string; childId: string }) =>
      db.select().from(familyDeliveries).where(and(eq(familyDeliveries.memoryId, input.memoryId), eq(familyDeliveries.childId, input.childId), eq(familyDeliveries.status, "pending"))),
    /** Locks pending rows for one sender; another worker skips them (FOR UPDATE SKIP LOCKED). */
    claim: (tx: DbOrTransaction, where: { deliveryId: string } | { guardianId: string; digestDay: string; mode: "digest" | "legacy" }) =>
      tx
        .select()
        .from(familyDeliveries)
        .where(
          and(
            eq(familyDeliveries.status, "pending"),
            "deliveryId" in where
              ? eq(familyDeliveries.id, where.deliveryId)
              : and(eq(familyDeliveries.guardianId, where.guardianId), eq(familyDeliveries.digestDay, where.digestDay), eq(familyDeliveries.mode, where.mode)),
          ),
        )
        .for("update", { skipLocked: true }),
    /** Whether the guardian still receives for the child right now (the row may be old). */
    stillReceives: async (tx: DbOrTransaction, input: { guardianId: string; childId: string }) =>
      (await tx.select({ id: guardians.id }).from(guardians).where(and(eq(guardians.id, input.guardianId), receivesFor(input.childId)))).length > 0,
    guardian: async (tx: DbOrTransaction, guardianId: string) => (await tx.select().from(guardians).where(eq(guardians.id, guardianId)))[0],
    mark: (tx: DbOrTransaction, ids: string[], values: { status: DeliveryRow["status"]; error?: string | null; sentAt?: Date }) =>
      ids.length ? tx.update(familyDeliveries).set({ ...values, attempts: sql`${familyDeliveries.attempts} + 1` }).where(inArray(familyDeliveries.id, ids)) : Promise.resolve(),
    /** Who a memory went to, and when each guardian last opened that child's page. */
    forMemory: (input: { userId: string; memoryId: string }) =>
      db
        .select({
          guardianId: guardians.id,
          guardianName: guardians.name,
          childId: familyDeliveries.childId,
          status: familyDeliveries.status,
          sendAt: familyDeliveries.sendAt,
          sentAt: familyDeliveries.sentAt,
          error: familyDeliveries.error,
          openedAt: sql<Date | null>`(SELECT max(l.last_opened_at) FROM ${familyLinks} l WHERE l.guardian_id = ${familyDeliveries.guardianId} AND l.child_id = ${familyDeliveries.childId} AND l.last_opened_at >= ${familyDeliveries.sentAt})`.mapWith(
            (value: string | null) => (value ? new Date(value) : null),
          ),
        })
        .from(familyDeliveries)
        .innerJoin(guardians, eq(guardians.id, familyDeliveries.guardianId))
        .where(and(eq(familyDeliveries.userId, input.userId), eq(familyDeliveries.memoryId, input.memoryId)))
        .orderBy(guardians.name),
    /** Each guardian's latest refusal or bounce among deliveries not sent (still retried, or given up). */
    problems: async (userId: string) => {
      const rows = await db
        .select({ guardianId: familyDeliveries.guardianId, error: familyDeliveries.error })
        .from(familyDeliveries)
        .where(and(eq(familyDeliveries.userId, userId), inArray(familyDeliveries.status, ["pending", "failed"]), isNotNull(familyDeliveries.error)))
        .orderBy(desc(familyDeliveries.createdAt));
      const byGuardian = new Map<string, string>();
      for (const row of rows) if (!byGuardian.has(row.guardianId) && row.error) byGuardian.set(row.guardianId, row.error);
      return byGuardian;
    },
  };
}

export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
