import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { renderEmail } from "../email/email.templates";
import type { EmailOutbox } from "../email/email.types";
import { addConfirmation, confirmationsNeededFor, confirmersOf, lockAccountConfirmations, markOpenedMemory } from "./guardians.confirm.queries";

export type EnvelopeKind = "video" | "narration" | "note";

/** One milestone memory as one child's guardians see it (undefined: not the child's, not a milestone). */
export type ChildMilestone = { milestone: string; kind: EnvelopeKind; sealed: boolean };

type MemoryOfChild = { userId: string; memoryId: string; childId: string };

/** What a confirmation asks of the memories module: the one memory it names, for the one child of the link. */
export type MilestoneGate = {
  /** One memory of the child, read by its (memory, child) key only, inside the confirmation's transaction. */
  milestone: (input: MemoryOfChild, tx: DbOrTransaction) => Promise<ChildMilestone | undefined>;
  /** Opens the memory for this child only, as if Dad had marked the milestone reached for that child, inside the transaction. */
  markReached: (input: MemoryOfChild, tx: DbOrTransaction) => Promise<void>;
  /** After the commit: records the opening and delivers it (the unlock job does it too, should this not run). */
  deliverOpened: (input: { memoryId: string }) => Promise<void>;
};

/** Who a family link lets see which child (undefined: expired, withdrawn, unknown or no longer allowed); one query. */
export type LinkAccess = (input: { token: string }) => Promise<{ userId: string; childId: string; guardianId: string; kind: "guardian" | "child" } | undefined>;

/** Dad's address and his children's names: whom to tell, and the child's name on the question page. */
export type ConfirmReaders = {
  dadOf: (userId: string) => Promise<{ email: string }>;
  childrenOf: (userId: string) => Promise<Array<{ id: string; name: string }>>;
};

type Confirmation = { userId: string; childId: string; guardianId: string; memoryId: string };

/**
 * A guardian's 'This has happened' on one of the child's sealed envelopes: enough of the child's guardians
 * confirming opens the memory for that child only (its other children wait for their own guardians, or Dad's
 * 'Unlock now'), and Dad is told. It reads the one memory it names, never the child's list.
 */
export function createMilestoneConfirmUsecases(options: { db: Database; memories: MilestoneGate; readers: ConfirmReaders; outbox: EmailOutbox; appUrl: string }) {
  const { db, memories, readers } = options;

  async function tellDad(input: { userId: string; childId: string; milestone: string; given: number }) {
    const dad = await readers.dadOf(input.userId);
    const child = (await readers.childrenOf(input.userId)).find((c) => c.id === input.childId);
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
    /** The child's name, for the question page (undefined: the child is no longer Dad's). */
    childName: async (input: { userId: string; childId: string }) => (await readers.childrenOf(input.userId)).find((child) => child.id === input.childId)?.name,

    /**
     * What 'This has happened' would do, asked before it is done: the sealed envelope (undefined when it is not the
     * child's sealed milestone), whether this guardian already said so, and how many more of the family must say so
     * after this guardian (0: it opens now).
     */
    async preview(input: Confirmation) {
      const found = await memories.milestone(input, db);
      if (!found?.sealed) return undefined;
      const given = await confirmersOf(db, { ...input, milestone: found.milestone });
      const mine = given.some((row) => row.guardianId === input.guardianId);
      const after = given.length + (mine ? 0 : 1);
      return { milestone: found.milestone, kind: found.kind, alreadyConfirmed: mine, stillNeeded: Math.max(0, (await confirmationsNeededFor(db, input.userId, input.childId)) - after) };
    },

    /**
     * 'This has happened', in one transaction that reads only that memory for that child (a memory id not the
     * child's milestone answers false; one already open answers true and changes nothing). Confirmations of an
     * earlier wording are dropped; counting again is harmless (one row per guardian and child). The confirmation
     * that completes the count opens the memory for this child only, once: the account's lock makes simultaneous
     * taps count one after the other, and Dad is told once.
     */
    async confirm(input: Confirmation) {
      const outcome = await db.transaction(async (tx) => {
        await lockAccountConfirmations(tx, input.userId);
        const found = await memories.milestone(input, tx);
        if (!found) return { found: false } as const;
        if (!found.sealed) return { found: true } as const;
        const added = await addConfirmation(tx, { ...input, milestone: found.milestone });
        if (!added) return { found: true } as const;
        if (added.given < (await confirmationsNeededFor(tx, input.userId, input.childId))) return { found: true } as const;
        await markOpenedMemory(tx, added.id);
        await memories.markReached(input, tx);
        return { found: true, opened: { milestone: found.milestone, given: added.given } } as const;
      });
      if (!outcome.found) return false;
      if (outcome.opened) {
        await memories.deliverOpened(input);
        await tellDad({ userId: input.userId, childId: input.childId, ...outcome.opened });
      }
      return true;
    },
  };
}

export type MilestoneConfirmUsecases = ReturnType<typeof createMilestoneConfirmUsecases>;
