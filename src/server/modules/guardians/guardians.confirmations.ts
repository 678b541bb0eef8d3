import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { CONFIRMATION_UNDO_HOURS, type DadConfirmation } from "../../../shared/guardians";
import type { Database } from "../../db/client";
import type { EnvelopeKind } from "./guardians.confirm";
import { confirmationsNeededFor, lockAccountConfirmations, ofMemoryAndChild } from "./guardians.confirm.queries";
import { guardianErrors } from "./guardians.errors";
import { familyDeliveries, familySettings, guardians, milestoneConfirmations } from "./guardians.table";
import type { FamilyReaders } from "./guardians.types";

/** A sealed envelope: a locked milestone memory of the child, by its milestone text and kind only. */
export type Envelope = { memoryId: string; milestone: string; kind: EnvelopeKind; confirmed: boolean };

export type MilestoneReader = {
  envelopes: (input: { userId: string; childId: string }) => Promise<Array<Omit<Envelope, "confirmed">>>;
  /** Seals it again for this child (a confirmation undone before delivery). */
  reseal: (input: { userId: string; memoryId: string; childId: string }) => Promise<void>;
  /** The child's milestone memories, sealed or open: their milestone text and kind. */
  milestones: (input: { userId: string; childId: string }) => Promise<Array<Omit<Envelope, "confirmed">>>;
};

/**
 * Milestone confirmations as the child's page and Dad see them: the child's sealed envelopes (and which this guardian
 * confirmed), Dad's number of confirmations, his list of them and his undo. A guardian's confirmation itself is
 * guardians.confirm.ts.
 */
export function createConfirmationsUsecases(options: { db: Database; reader: MilestoneReader; readers: Pick<FamilyReaders, "childrenOf">; now?: () => Date }) {
  const { db, reader } = options;
  const now = options.now ?? (() => new Date());
  const undoLimit = () => new Date(now().getTime() - CONFIRMATION_UNDO_HOURS * 3_600_000);

  return {
    needed: (input: { userId: string }) => confirmationsNeededFor(db, input.userId),

    /** A new number starts every count not yet complete again: confirmations given for the old number no longer count. */
    async setNeeded(input: { userId: string; confirmationsNeeded: number }) {
      await db.transaction(async (tx) => {
        await lockAccountConfirmations(tx, input.userId);
        const [before] = await tx.select({ value: familySettings.confirmationsNeeded }).from(familySettings).where(eq(familySettings.userId, input.userId));
        await tx
          .insert(familySettings)
          .values({ userId: input.userId, confirmationsNeeded: input.confirmationsNeeded })
          .onConflictDoUpdate({ target: familySettings.userId, set: { confirmationsNeeded: input.confirmationsNeeded, updatedAt: new Date() } });
        if ((before?.value ?? 1) === input.confirmationsNeeded) return;
        await tx.execute(sql`
          DELETE FROM ${milestoneConfirmations} mc WHERE mc.user_id = ${input.userId}
            AND NOT EXISTS (SELECT 1 FROM ${milestoneConfirmations} o WHERE o.memory_id = mc.memory_id AND o.child_id = mc.child_id AND o.opened_memory)`);
      });
      return confirmationsNeededFor(db, input.userId);
    },

    async envelopes(input: { userId: string; childId: string; guardianId: string }): Promise<Envelope[]> {
      const mine = await db
        .select({ memoryId: milestoneConfirmations.memoryId, milestone: milestoneConfirmations.milestone })
        .from(milestoneConfirmations)
        .where(and(eq(milestoneConfirmations.guardianId, input.guardianId), eq(milestoneConfirmations.childId, input.childId)));
      // Confirmed as it reads now: a confirmation of an earlier wording asks again.
      const confirmed = new Set(mine.map((row) => `${row.memoryId}\n${row.milestone}`));
      return (await reader.envelopes(input)).map((envelope) => ({ ...envelope, confirmed: confirmed.has(`${envelope.memoryId}\n${envelope.milestone}`) }));
    },

    /** Dad's view of his guardians' confirmations, newest first. */
    async list(input: { userId: string }): Promise<DadConfirmation[]> {
      const rows = await db
        .select({ row: milestoneConfirmations, guardianName: guardians.name })
        .from(milestoneConfirmations)
        .innerJoin(guardians, eq(guardians.id, milestoneConfirmations.guardianId))
        .where(eq(milestoneConfirmations.userId, input.userId))
        .orderBy(desc(milestoneConfirmations.createdAt));
      if (rows.length === 0) return [];
      const children = new Map((await options.readers.childrenOf(input.userId)).map((child) => [child.id, child.name]));
      const milestones = new Map<string, string>();
      for (const childId of new Set(rows.map(({ row }) => row.childId)))
        for (const item of await reader.milestones({ userId: input.userId, childId })) milestones.set(item.memoryId, item.milestone);
      const memoryIds = [...new Set(rows.map(({ row }) => row.memoryId))];
      // Delivered for the confirmation's child: a confirmation for another child of the memory can still be undone.
      const delivered = new Set(
        (
          await db
            .selectDistinct({ memoryId: familyDeliveries.memoryId, childId: familyDeliveries.childId })
            .from(familyDeliveries)
            .where(and(eq(familyDeliveries.userId, input.userId), inArray(familyDeliveries.memoryId, memoryIds), eq(familyDeliveries.status, "sent")))
        ).map((row) => `${row.memoryId} ${row.childId}`),
      );
      const limit = undoLimit();
      return rows
        // A confirmation of an earlier wording no longer counts, unless it opened the memory (Dad can still undo that).
        .filter(({ row }) => milestones.get(row.memoryId) === row.milestone || (milestones.has(row.memoryId) && row.openedMemory))
        .map(({ row, guardianName }) => {
          const locked = delivered.has(`${row.memoryId} ${row.childId}`) ? "delivered" : row.createdAt < limit ? "too-late" : null;
          return {
            id: row.id,
            guardianName,
            childName: children.get(row.childId) ?? "",
            milestone: row.milestone,
            confirmedAt: row.createdAt.toISOString(),
            openedMemory: row.openedMemory,
            undoable: locked === null,
            locked,
          };
        });
    },

    /**
     * Dad undoes a guardian's confirmation: within 48 hours and before anything of that memory was
     * delivered for that child (then it stays delivered). If the confirmations had opened the memory
     * for the child, it is sealed again for that child only and its waiting deliveries for the child
     * are dropped, so that it opens and is delivered when confirmed anew. The waiting rows are locked
     * first: a send in progress finishes before, and then it counts.
     */
    async undo(input: { userId: string; confirmationId: string }) {
      const [row] = await db
        .select()
        .from(milestoneConfirmations)
        .where(and(eq(milestoneConfirmations.id, input.confirmationId), eq(milestoneConfirmations.userId, input.userId)));
      if (!row) throw guardianErrors.confirmationNotFound();
      if (row.createdAt < undoLimit()) throw guardianErrors.undoTooLate();
      const reopen = await db.transaction(async (tx) => {
        await lockAccountConfirmations(tx, input.userId);
        const forChild = and(eq(familyDeliveries.memoryId, row.memoryId), eq(familyDeliveries.childId, row.childId));
        const deliveries = await tx.select().from(familyDeliveries).where(forChild).for("update");
        if (deliveries.some((delivery) => delivery.status === "sent")) throw guardianErrors.alreadyDelivered();
        const opened = (await tx.select().from(milestoneConfirmations).where(and(ofMemoryAndChild(row), eq(milestoneConfirmations.openedMemory, true)))).length > 0;
        await tx.delete(milestoneConfirmations).where(eq(milestoneConfirmations.id, row.id));
        if (!opened) return false;
        await tx.delete(familyDeliveries).where(forChild);
        await tx.update(milestoneConfirmations).set({ openedMemory: false }).where(ofMemoryAndChild(row));
        return true;
      });
      if (reopen) await reader.reseal({ userId: input.userId, memoryId: row.memoryId, childId: row.childId });
    },
  };
}

export type ConfirmationsUsecases = ReturnType<typeof createConfirmationsUsecases>;
