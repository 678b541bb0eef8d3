import { and, count, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { CONFIRMATION_UNDO_HOURS, type DadConfirmation } from "../../../shared/guardians";
import { confirmationsNeeded } from "../../../shared/family-delivery";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import type { EmailOutbox } from "../email/email.usecases";
import { renderEmail } from "../email/email.templates";
import { guardianErrors } from "./guardians.errors";
import { familyDeliveries, familySettings, guardianChildren, guardians, milestoneConfirmations } from "./guardians.table";
import type { FamilyReaders } from "./guardians.types";

/** A sealed envelope: a locked milestone memory of the child, by its milestone text and kind only. */
export type Envelope = { memoryId: string; milestone: string; kind: "video" | "narration" | "note"; confirmed: boolean };

/** One milestone memory as one child's guardians see it (undefined: not the child's, not a milestone). */
export type ChildMilestone = { milestone: string; kind: Envelope["kind"]; sealed: boolean };

export type MilestoneReader = {
  envelopes: (input: { userId: string; childId: string }) => Promise<Array<Omit<Envelope, "confirmed">>>;
  /** One memory of the child, read by its (memory, child) key only, inside the confirmation's transaction. */
  milestone: (input: { userId: string; memoryId: string; childId: string }, tx: DbOrTransaction) => Promise<ChildMilestone | undefined>;
  /** Opens the memory for this child only, as if Dad had marked the milestone reached for that child, inside the transaction. */
  markReached: (input: { userId: string; memoryId: string; childId: string }, tx: DbOrTransaction) => Promise<void>;
  /** After the commit: records the opening and delivers it (the unlock job does it too, should this not run). */
  deliverOpened: (input: { memoryId: string }) => Promise<void>;
  /** Seals it again for this child (a confirmation undone before delivery). */
  reseal: (input: { userId: string; memoryId: string; childId: string }) => Promise<void>;
  /** The child's milestone memories, sealed or open: their milestone text and kind. */
  milestones: (input: { userId: string; childId: string }) => Promise<Array<Omit<Envelope, "confirmed">>>;
};

/**
 * Guardians confirming milestones, per child: enough of a child's guardians confirming opens the
 * memory for that child only (its other children wait for their own guardians, or Dad's 'Unlock
 * now'), and Dad is told.
 */
export function createConfirmationsUsecases(options: { db: Database; reader: MilestoneReader; readers: FamilyReaders; outbox: EmailOutbox; appUrl: string; now?: () => Date }) {
  const { db, reader } = options;
  const now = options.now ?? (() => new Date());
  const undoLimit = () => new Date(now().getTime() - CONFIRMATION_UNDO_HOURS * 3_600_000);

  /** Dad's number, at most his accepted guardians (of the child, when given: only they can confirm on its page). */
  async function needed(tx: DbOrTransaction, userId: string, childId?: string) {
    const [settings] = await tx.select().from(familySettings).where(eq(familySettings.userId, userId));
    const ofChild = childId
      ? or(eq(guardians.allChildren, true), sql`EXISTS (SELECT 1 FROM ${guardianChildren} gc WHERE gc.guardian_id = ${guardians.id} AND gc.child_id = ${childId}::uuid)`)
      : undefined;
    const [{ accepted }] = await tx
      .select({ accepted: count() })
      .from(guardians)
      .where(and(eq(guardians.userId, userId), eq(guardians.kind, "guardian"), eq(guardians.status, "accepted"), ofChild));
    return confirmationsNeeded({ chosen: settings?.confirmationsNeeded ?? 1, acceptedGuardians: accepted });
  }
  const ofMemoryAndChild = (row: { memoryId: string; childId: string }) => and(eq(milestoneConfirmations.memoryId, row.memoryId), eq(milestoneConfirmations.childId, row.childId));
  /** Confirmations and Dad's number change one at a time per account: two guardians tapping at once are counted one after the other. */
  const lockAccount = (tx: DbOrTransaction, userId: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`milestone-confirmations:${userId}`}))`);

  async function tellDad(input: { userId: string; childId: string; milestone: string; given: number }) {
    const dad = await options.readers.dadOf(input.userId);
    const child = (await options.readers.childrenOf(input.userId)).find((c) => c.id === input.childId);
    await options.outbox.queue({
      to: dad.email,
      subject: `A milestone was confirmed: ${input.milestone}`,
      ...renderEmail({
        heading: "A milestone was confirmed",
        paragraphs: [
          `${input.given === 1 ? "A guardian has" : `${input.given} guardians have`} confirmed "${input.milestone}"${child ? ` for ${child.name}` : ""}.`,
          child
            ? `The memory you left for it has opened for ${child.name} and is being delivered to ${child.name}'s guardians.`
            : "The memory you left for it has opened for this child and is being delivered to the child's guardians.",
        ],
        action: { label: "Open your vault", url: `${options.appUrl}/vault` },
      }),
    });
  }

  return {
    needed: (input: { userId: string }) => needed(db, input.userId),

    /** A new number starts every count not yet complete again: confirmations given for the old number no longer count. */
    async setNeeded(input: { userId: string; confirmationsNeeded: number }) {
      await db.transaction(async (tx) => {
        await lockAccount(tx, input.userId);
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
      return needed(db, input.userId);
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

    /**
     * What 'This has happened' would do, asked before it is done: the sealed envelope (undefined when it is not the
     * child's sealed milestone), whether this guardian already said so, and how many more of the family must say so
     * after this guardian (0: it opens now).
     */
    async preview(input: { userId: string; childId: string; guardianId: string; memoryId: string }) {
      const found = await reader.milestone(input, db);
      if (!found?.sealed) return undefined;
      const given = await db
        .select({ guardianId: milestoneConfirmations.guardianId })
        .from(milestoneConfirmations)
        .where(and(ofMemoryAndChild(input), eq(milestoneConfirmations.milestone, found.milestone)));
      const mine = given.some((row) => row.guardianId === input.guardianId);
      const after = given.length + (mine ? 0 : 1);
      return { milestone: found.milestone, kind: found.kind, alreadyConfirmed: mine, stillNeeded: Math.max(0, (await needed(db, input.userId, input.childId)) - after) };
    },

    /**
     * 'This has happened' from a guardian on one of the child's sealed envelopes, in one transaction that reads
     * only that memory for that child (a memory id not the child's milestone answers false; one already open
     * answers true and changes nothing). Confirmations of an earlier wording are dropped; counting again is
     * harmless (one row per guardian and child). The confirmation that completes the count opens the memory for
     * this child only, once: the account's lock makes simultaneous taps count one after the other, and Dad is told once.
     */
    async confirm(input: { userId: string; childId: string; guardianId: string; memoryId: string }) {
      const outcome = await db.transaction(async (tx) => {
        await lockAccount(tx, input.userId);
        const found = await reader.milestone(input, tx);
        if (!found) return { found: false } as const;
        if (!found.sealed) return { found: true } as const;
        await tx.delete(milestoneConfirmations).where(and(ofMemoryAndChild(input), ne(milestoneConfirmations.milestone, found.milestone)));
        const [added] = await tx
          .insert(milestoneConfirmations)
          .values({ ...input, milestone: found.milestone })
          .onConflictDoNothing()
          .returning({ id: milestoneConfirmations.id });
        if (!added) return { found: true } as const;
        const [{ given }] = await tx.select({ given: count() }).from(milestoneConfirmations).where(ofMemoryAndChild(input));
        if (given < (await needed(tx, input.userId, input.childId))) return { found: true } as const;
        await tx.update(milestoneConfirmations).set({ openedMemory: true }).where(eq(milestoneConfirmations.id, added.id));
        await reader.markReached(input, tx);
        return { found: true, opened: { milestone: found.milestone, given } } as const;
      });
      if (!outcome.found) return false;
      if (outcome.opened) {
        await reader.deliverOpened(input);
        await tellDad({ userId: input.userId, childId: input.childId, ...outcome.opened });
      }
      return true;
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
        await lockAccount(tx, input.userId);
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
