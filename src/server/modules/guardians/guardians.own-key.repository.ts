import { and, eq, gt, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { childHandoverAges, childHandovers, childKeyRequests, familyLinks, guardianChildren, guardians } from "./guardians.table";

/** The SQL of a child's own address (named by Dad or let in by the card) and of the hand-over of the child's page. */
export function createOwnKeyRepository(db: Database) {
  /** The child's own recipient rows: 'child' rows of the account that receive for this child. */
  const childRecipients = (input: { userId: string; childId: string }) =>
    db
      .select({ id: guardians.id, email: guardians.email, status: guardians.status })
      .from(guardians)
      .innerJoin(guardianChildren, eq(guardianChildren.guardianId, guardians.id))
      .where(and(eq(guardians.userId, input.userId), eq(guardians.kind, "child"), eq(guardianChildren.childId, input.childId)))
      .orderBy(guardians.createdAt);

  return {
    childRecipients,

    /** Addresses approved for the child that have not been confirmed yet (and whose link still works). */
    waitingAddresses: async (input: { userId: string; childId: string; now: Date }) =>
      (
        await db
          .selectDistinct({ email: childKeyRequests.email })
          .from(childKeyRequests)
          .where(
            and(
              eq(childKeyRequests.userId, input.userId),
              eq(childKeyRequests.childId, input.childId),
              eq(childKeyRequests.status, "approved"),
              gt(childKeyRequests.confirmExpiresAt, input.now),
            ),
          )
      ).map((row) => row.email),

    /**
     * Withdraws an address from the child: its recipient row stops receiving for the child (and is removed when it
     * received for no other child), its links to the child's page stop working, and any link still waiting to be
     * confirmed or approved for that address is refused. False when the address was not the child's.
     */
    withdraw: (input: { userId: string; childId: string; email: string; now: Date }) =>
      db.transaction(async (tx) => {
        const refused = await tx
          .update(childKeyRequests)
          .set({ status: "refused", decidedAt: input.now })
          .where(
            and(
              eq(childKeyRequests.userId, input.userId),
              eq(childKeyRequests.childId, input.childId),
              eq(childKeyRequests.email, input.email),
              inArray(childKeyRequests.status, ["pending", "approved"]),
            ),
          )
          .returning({ id: childKeyRequests.id });
        const [row] = await tx
          .select({ id: guardians.id })
          .from(guardians)
          .innerJoin(guardianChildren, eq(guardianChildren.guardianId, guardians.id))
          .where(and(eq(guardians.userId, input.userId), eq(guardians.kind, "child"), eq(guardians.email, input.email), eq(guardianChildren.childId, input.childId)));
        if (!row) return refused.length > 0;
        await tx.delete(guardianChildren).where(and(eq(guardianChildren.guardianId, row.id), eq(guardianChildren.childId, input.childId)));
        await tx
          .update(familyLinks)
          .set({ revokedAt: input.now })
          .where(and(eq(familyLinks.guardianId, row.id), eq(familyLinks.childId, input.childId), isNull(familyLinks.revokedAt)));
        await tx.delete(guardians).where(and(eq(guardians.id, row.id), notInArray(guardians.id, tx.select({ id: guardianChildren.guardianId }).from(guardianChildren))));
        return true;
      }),

    /** Addresses Dad named for the child since `since` (each emails a confirmation link). */
    countNamedSince: async (input: { childId: string; since: Date }) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(childKeyRequests)
          .where(and(eq(childKeyRequests.childId, input.childId), eq(childKeyRequests.way, "dad"), gt(childKeyRequests.createdAt, input.since)))
      )[0]?.n ?? 0,

    handoverAges: async (userId: string) => new Map((await db.select().from(childHandoverAges).where(eq(childHandoverAges.userId, userId))).map((row) => [row.childId, row.age])),
    saveHandoverAge: (input: { userId: string; childId: string; age: number }) =>
      db
        .insert(childHandoverAges)
        .values(input)
        .onConflictDoUpdate({ target: childHandoverAges.childId, set: { age: input.age, updatedAt: new Date() } }),

    /** The hand-overs already done for the account's children. */
    handedOver: async (userId: string) => (await db.select().from(childHandovers).where(eq(childHandovers.userId, userId))),

    /** Records one hand-over; false when another run (or node) recorded it first. */
    recordHandover: async (input: { userId: string; childId: string; age: number; messages: number; at: Date }) =>
      (
        await db
          .insert(childHandovers)
          .values({ userId: input.userId, childId: input.childId, age: input.age, messages: input.messages, handedOverAt: input.at })
          .onConflictDoNothing()
          .returning({ childId: childHandovers.childId })
      ).length > 0,

    /** The accounts with someone to hand a page to or to tell: an accepted recipient, or a hand-over age chosen. */
    accountsWithFamily: async () =>
      (
        await db.execute<{ user_id: string }>(
          sql`SELECT user_id FROM ${guardians} WHERE status = 'accepted' UNION SELECT user_id FROM ${childHandoverAges}`,
        )
      ).rows.map((row) => row.user_id),
  };
}

export type OwnKeyRepository = ReturnType<typeof createOwnKeyRepository>;
