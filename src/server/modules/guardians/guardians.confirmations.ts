import { and, count, eq } from "drizzle-orm";
import { confirmationsNeeded } from "../../../shared/family-delivery";
import type { Database } from "../../db/client";
import type { EmailOutbox } from "../email/email.usecases";
import { renderEmail } from "../email/email.templates";
import { familySettings, guardians, milestoneConfirmations } from "./guardians.table";
import type { FamilyReaders } from "./guardians.usecases";

/** A sealed envelope: a locked milestone memory of the child, by its milestone text and kind only. */
export type Envelope = { memoryId: string; milestone: string; kind: "video" | "narration" | "note"; confirmed: boolean };

export type MilestoneReader = {
  envelopes: (input: { userId: string; childId: string }) => Promise<Array<Omit<Envelope, "confirmed">>>;
  /** Opens the memory as if Dad had marked the milestone reached (the memories usecase). */
  markReached: (input: { userId: string; memoryId: string; kind: Envelope["kind"] }) => Promise<void>;
};

/** Guardians confirming milestones; enough confirmations open the memory and Dad is told. */
export function createConfirmationsUsecases(options: { db: Database; reader: MilestoneReader; readers: FamilyReaders; outbox: EmailOutbox; appUrl: string }) {
  const { db, reader } = options;

  async function needed(userId: string) {
    const [settings] = await db.select().from(familySettings).where(eq(familySettings.userId, userId));
    const [{ accepted }] = await db.select({ accepted: count() }).from(guardians).where(and(eq(guardians.userId, userId), eq(guardians.status, "accepted")));
    return confirmationsNeeded({ chosen: settings?.confirmationsNeeded ?? 1, acceptedGuardians: accepted });
  }

  return {
    needed: (input: { userId: string }) => needed(input.userId),

    async setNeeded(input: { userId: string; confirmationsNeeded: number }) {
      await db
        .insert(familySettings)
        .values({ userId: input.userId, confirmationsNeeded: input.confirmationsNeeded })
        .onConflictDoUpdate({ target: familySettings.userId, set: { confirmationsNeeded: input.confirmationsNeeded, updatedAt: new Date() } });
      return needed(input.userId);
    },

    async envelopes(input: { userId: string; childId: string; guardianId: string }): Promise<Envelope[]> {
      const mine = await db.select({ memoryId: milestoneConfirmations.memoryId }).from(milestoneConfirmations).where(eq(milestoneConfirmations.guardianId, input.guardianId));
      const confirmed = new Set(mine.map((row) => row.memoryId));
      return (await reader.envelopes(input)).map((envelope) => ({ ...envelope, confirmed: confirmed.has(envelope.memoryId) }));
    },

    /**
     * 'This has happened' from a guardian on one of the child's sealed envelopes (a memory id not
     * sealed for this child answers false). Counting again is harmless: one row per guardian.
     */
    async confirm(input: { userId: string; childId: string; guardianId: string; memoryId: string }) {
      const envelope = (await reader.envelopes(input)).find((e) => e.memoryId === input.memoryId);
      if (!envelope) return false;
      await db.insert(milestoneConfirmations).values(input).onConflictDoNothing();
      const [{ given }] = await db.select({ given: count() }).from(milestoneConfirmations).where(and(eq(milestoneConfirmations.userId, input.userId), eq(milestoneConfirmations.memoryId, input.memoryId)));
      if (given < (await needed(input.userId))) return true;
      await reader.markReached({ userId: input.userId, memoryId: input.memoryId, kind: envelope.kind });
      const dad = await options.readers.dadOf(input.userId);
      const child = (await options.readers.childrenOf(input.userId)).find((c) => c.id === input.childId);
      await options.outbox.queue({
        to: dad.email,
        subject: `A milestone was confirmed: ${envelope.milestone}`,
        ...renderEmail({
          heading: "A milestone was confirmed",
          paragraphs: [
            `${given === 1 ? "A guardian has" : `${given} guardians have`} confirmed "${envelope.milestone}"${child ? ` for ${child.name}` : ""}.`,
            "The memory you left for it has opened and is being delivered to the child's guardians.",
          ],
          action: { label: "Open your vault", url: `${options.appUrl}/vault` },
        }),
      });
      return true;
    },
  };
}

export type ConfirmationsUsecases = ReturnType<typeof createConfirmationsUsecases>;
