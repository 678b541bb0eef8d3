import { and, count, eq, ne, or, sql } from "drizzle-orm";
import { confirmationsNeeded } from "../../../shared/family-delivery";
import type { DbOrTransaction } from "../../db/transaction";
import { familySettings, guardianChildren, guardians, milestoneConfirmations } from "./guardians.table";

/**
 * The statements of a guardian's confirmation, each reading one memory for one child: the guardians' number Dad
 * chose, the account's lock, and the confirmation rows of that (memory, child). Dad's side of confirmations
 * (his number, his list, his undo) counts and locks with the same statements.
 */

/** Dad's number, at most his accepted guardians (of the child, when given: only they can confirm on its page). */
export async function confirmationsNeededFor(tx: DbOrTransaction, userId: string, childId?: string) {
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

/** Confirmations and Dad's number change one at a time per account: two guardians tapping at once are counted one after the other. */
export const lockAccountConfirmations = (tx: DbOrTransaction, userId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`milestone-confirmations:${userId}`}))`);

export const ofMemoryAndChild = (row: { memoryId: string; childId: string }) =>
  and(eq(milestoneConfirmations.memoryId, row.memoryId), eq(milestoneConfirmations.childId, row.childId));

/** The guardians who confirmed this wording of the milestone for the child. */
export const confirmersOf = (tx: DbOrTransaction, input: { memoryId: string; childId: string; milestone: string }) =>
  tx
    .select({ guardianId: milestoneConfirmations.guardianId })
    .from(milestoneConfirmations)
    .where(and(ofMemoryAndChild(input), eq(milestoneConfirmations.milestone, input.milestone)));

/**
 * Records one guardian's confirmation of the milestone as it reads now (confirmations of an earlier wording are
 * dropped first). Answers how many confirmations the (memory, child) now has and the new row's id, or undefined when
 * this guardian had already confirmed it.
 */
export async function addConfirmation(tx: DbOrTransaction, input: { userId: string; childId: string; guardianId: string; memoryId: string; milestone: string }) {
  await tx.delete(milestoneConfirmations).where(and(ofMemoryAndChild(input), ne(milestoneConfirmations.milestone, input.milestone)));
  const [added] = await tx.insert(milestoneConfirmations).values(input).onConflictDoNothing().returning({ id: milestoneConfirmations.id });
  if (!added) return undefined;
  const [{ given }] = await tx.select({ given: count() }).from(milestoneConfirmations).where(ofMemoryAndChild(input));
  return { id: added.id, given };
}

/** The confirmation that completed the count is the one that opened the memory (Dad's undo of it seals it again). */
export const markOpenedMemory = (tx: DbOrTransaction, confirmationId: string) =>
  tx.update(milestoneConfirmations).set({ openedMemory: true }).where(eq(milestoneConfirmations.id, confirmationId));
