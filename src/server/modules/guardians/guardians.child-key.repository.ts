import { and, count, eq, gt, inArray, lte, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { CHILD_KEY_TRIES } from "../../../shared/child-key";
import { childKeyApprovals, childKeyRequests, childKeys, guardianChildren, guardians } from "./guardians.table";

export type ChildKeyRequestRow = typeof childKeyRequests.$inferSelect;

/** The SQL of the child's own key: Dad's question, the child's requests and the family's answers. */
export function createChildKeyRepository(db: Database) {
  return {
    /** Dad's question for the child, replacing any earlier one (and its count of wrong answers). */
    saveQuestion: (input: { userId: string; childId: string; question: string; answerHash: string }) =>
      db
        .insert(childKeys)
        .values(input)
        .onConflictDoUpdate({ target: childKeys.childId, set: { question: input.question, answerHash: input.answerHash, failedAttempts: 0, pausedUntil: null, updatedAt: new Date() } }),
    findQuestion: async (childId: string) => (await db.select().from(childKeys).where(eq(childKeys.childId, childId)))[0],

    /**
     * Takes one try atomically (two answers at once are counted one after the other): undefined while the
     * question is paused, else the number of tries taken in this run, at most CHILD_KEY_TRIES.
     */
    takeTry: async (input: { childId: string; now: Date }) =>
      (
        await db
          .update(childKeys)
          .set({ failedAttempts: sql`${childKeys.failedAttempts} + 1` })
          .where(
            and(
              eq(childKeys.childId, input.childId),
              or(isNull(childKeys.pausedUntil), lte(childKeys.pausedUntil, input.now)),
              sql`${childKeys.failedAttempts} < ${CHILD_KEY_TRIES}`,
            ),
          )
          .returning({ taken: childKeys.failedAttempts })
      )[0]?.taken,
    /** A right answer starts the count again. */
    resetTries: (childId: string) => db.update(childKeys).set({ failedAttempts: 0, pausedUntil: null }).where(eq(childKeys.childId, childId)),
    /** The last wrong answer of a run pauses the question; the next run starts from zero once the pause is over. */
    pause: (input: { childId: string; until: Date }) => db.update(childKeys).set({ failedAttempts: 0, pausedUntil: input.until }).where(eq(childKeys.childId, input.childId)),

    insertRequest: async (input: typeof childKeyRequests.$inferInsert) => (await db.insert(childKeyRequests).values(input).returning())[0],
    countFamilyRequestsSince: async (input: { childId: string; since: Date }) =>
      (
        await db
          .select({ n: count() })
          .from(childKeyRequests)
          .where(and(eq(childKeyRequests.childId, input.childId), eq(childKeyRequests.way, "family"), gt(childKeyRequests.createdAt, input.since)))
      )[0]?.n ?? 0,
    insertApprovals: (rows: Array<typeof childKeyApprovals.$inferInsert>) => (rows.length ? db.insert(childKeyApprovals).values(rows) : Promise.resolve()),
    /** An Approve / Not her link with its request. */
    findApproval: async (tokenHash: string) =>
      (
        await db
          .select({ approval: childKeyApprovals, request: childKeyRequests })
          .from(childKeyApprovals)
          .innerJoin(childKeyRequests, eq(childKeyRequests.id, childKeyApprovals.requestId))
          .where(eq(childKeyApprovals.tokenHash, tokenHash))
      )[0],
    /** The first answer decides a pending request; undefined when someone answered already. */
    decide: async (input: { requestId: string; status: "approved" | "refused"; guardianId: string | null; now: Date; confirmTokenHash?: string; confirmExpiresAt?: Date }) =>
      (
        await db
          .update(childKeyRequests)
          .set({
            status: input.status,
            decidedByGuardianId: input.guardianId,
            decidedAt: input.now,
            confirmTokenHash: input.confirmTokenHash ?? null,
            confirmExpiresAt: input.confirmExpiresAt ?? null,
          })
          .where(and(eq(childKeyRequests.id, input.requestId), eq(childKeyRequests.status, "pending")))
          .returning()
      )[0],
    findByConfirmToken: async (tokenHash: string) => (await db.select().from(childKeyRequests).where(eq(childKeyRequests.confirmTokenHash, tokenHash)))[0],

    /**
     * The child becomes a recipient of their own memories: a 'child' row among the account's recipients, accepted,
     * for this child only (an address already holding the child's row is reused). Marks the request confirmed, once:
     * "replayed" when it was confirmed already, "taken" when the address belongs to one of Dad's guardians.
     */
    confirm: (input: { request: ChildKeyRequestRow; childName: string; inviteTokenHash: string }) =>
      db.transaction(async (tx): Promise<{ refused: "replayed" | "taken" } | { recipient: typeof guardians.$inferSelect }> => {
        const { request } = input;
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`guardians:${request.userId}`}))`);
        const [existing] = await tx.select().from(guardians).where(and(eq(guardians.userId, request.userId), eq(guardians.email, request.email)));
        if (existing && existing.kind !== "child") return { refused: "taken" };
        const [marked] = await tx
          .update(childKeyRequests)
          .set({ status: "confirmed" })
          .where(and(eq(childKeyRequests.id, request.id), eq(childKeyRequests.status, "approved")))
          .returning();
        if (!marked) return { refused: "replayed" };
        const row =
          existing ??
          (
            await tx
              .insert(guardians)
              .values({ userId: request.userId, kind: "child", name: input.childName, email: request.email, relation: "other", allChildren: false, status: "accepted", respondedAt: new Date(), inviteTokenHash: input.inviteTokenHash })
              .returning()
          )[0];
        await tx.insert(guardianChildren).values({ guardianId: row.id, childId: request.childId }).onConflictDoNothing();
        return { recipient: row };
      }),

    /** Who is asked or told about the child's card: the accepted, unpaused guardians (not children) who receive for the child. */
    guardiansOf: (input: { userId: string; childId: string }) =>
      db
        .select()
        .from(guardians)
        .where(
          and(
            eq(guardians.userId, input.userId),
            eq(guardians.kind, "guardian"),
            eq(guardians.status, "accepted"),
            isNull(guardians.pausedAt),
            or(
              eq(guardians.allChildren, true),
              inArray(guardians.id, db.select({ id: guardianChildren.guardianId }).from(guardianChildren).where(eq(guardianChildren.childId, input.childId))),
            ),
          ),
        ),
  };
}

export type ChildKeyRepository = ReturnType<typeof createChildKeyRepository>;
