import { and, asc, count, eq, gt, inArray, isNull, max, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { children } from "../children/children.table";
import { familyLinks, familyPageVisits, guardianChildren, guardianDeclines, guardianInvitations, guardians } from "./guardians.table";

export type GuardianRow = typeof guardians.$inferSelect;
export type GuardianWithChildren = GuardianRow & { childIds: string[] | null };
type GuardianValues = { name: string; email: string; relation: GuardianRow["relation"] };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Views of a child's page closer together than this are one visit. */
const VISIT_GAP_MS = 60 * 60 * 1000;
const owned = (input: { userId: string; guardianId: string }) => and(eq(guardians.id, input.guardianId), eq(guardians.userId, input.userId));

/** Every dad-facing query is filtered by the owner; the token lookups are the only unowned reads. */
export function createGuardiansRepository(db: Database) {
  async function withChildren(rows: GuardianRow[]): Promise<GuardianWithChildren[]> {
    const partial = rows.filter((row) => !row.allChildren).map((row) => row.id);
    const links = partial.length ? await db.select().from(guardianChildren).where(inArray(guardianChildren.guardianId, partial)) : [];
    return rows.map((row) => ({ ...row, childIds: row.allChildren ? null : links.filter((link) => link.guardianId === row.id).map((link) => link.childId) }));
  }

  return {
    /** Dad's guardians (a child let in by the keepsake card receives too, but is not one of them). */
    list: async (userId: string) =>
      withChildren(
        await db
          .select()
          .from(guardians)
          .where(and(eq(guardians.userId, userId), eq(guardians.kind, "guardian")))
          .orderBy(asc(guardians.createdAt), asc(guardians.id)),
      ),
    find: async (input: { userId: string; guardianId: string }) => {
      const [row] = await db.select().from(guardians).where(owned(input));
      return row ? (await withChildren([row]))[0] : undefined;
    },
    /**
     * Adds a guardian unless the account already has `limit`: a per-account advisory lock makes two
     * simultaneous additions count each other. Returns undefined at the limit, "duplicate" for a known email.
     */
    insert: (input: { userId: string; values: GuardianValues; childIds: string[] | null; inviteTokenHash: string; limit: number }) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`guardians:${input.userId}`}))`);
        const [{ value }] = await tx.select({ value: count() }).from(guardians).where(and(eq(guardians.userId, input.userId), eq(guardians.kind, "guardian")));
        if (value >= input.limit) return "limit" as const;
        const [existing] = await tx.select({ id: guardians.id }).from(guardians).where(and(eq(guardians.userId, input.userId), eq(guardians.email, input.values.email)));
        if (existing) return "duplicate" as const;
        const [row] = await tx
          .insert(guardians)
          .values({ userId: input.userId, ...input.values, allChildren: input.childIds === null, inviteTokenHash: input.inviteTokenHash })
          .returning();
        if (input.childIds?.length) await tx.insert(guardianChildren).values(input.childIds.map((childId) => ({ guardianId: row.id, childId })));
        return row;
      }),
    /** Saves the edited fields and the children; a new email starts a new invitation (new token, state invited). */
    update: (input: { userId: string; guardianId: string; values: GuardianValues; childIds: string[] | null; reinviteTokenHash?: string }) =>
      db.transaction(async (tx) => {
        const reinvite = input.reinviteTokenHash
          ? { inviteTokenHash: input.reinviteTokenHash, status: "invited" as const, invitedAt: new Date(), respondedAt: null }
          : {};
        const [row] = await tx
          .update(guardians)
          .set({ ...input.values, ...reinvite, allChildren: input.childIds === null, updatedAt: new Date() })
          .where(owned(input))
          .returning();
        if (!row) return undefined;
        await tx.delete(guardianChildren).where(eq(guardianChildren.guardianId, row.id));
        if (input.childIds?.length) await tx.insert(guardianChildren).values(input.childIds.map((childId) => ({ guardianId: row.id, childId })));
        if (input.reinviteTokenHash) await tx.update(familyLinks).set({ revokedAt: new Date() }).where(and(eq(familyLinks.guardianId, row.id), isNull(familyLinks.revokedAt)));
        return row;
      }),
    emailTaken: async (input: { userId: string; email: string; exceptId: string }) =>
      (await db.select({ id: guardians.id }).from(guardians).where(and(eq(guardians.userId, input.userId), eq(guardians.email, input.email)))).some((row) => row.id !== input.exceptId),
    setPaused: async (input: { userId: string; guardianId: string; paused: boolean }) =>
      (await db.update(guardians).set({ pausedAt: input.paused ? new Date() : null, updatedAt: new Date() }).where(owned(input)).returning())[0],
    /** A fresh invitation token; the previous one stops working. */
    renewInvitation: async (input: { userId: string; guardianId: string; inviteTokenHash: string }) =>
      (await db.update(guardians).set({ inviteTokenHash: input.inviteTokenHash, invitedAt: new Date(), updatedAt: new Date() }).where(owned(input)).returning())[0],
    delete: async (input: { userId: string; guardianId: string }) => (await db.delete(guardians).where(owned(input)).returning())[0],
    findByInviteToken: async (tokenHash: string) => (await db.select().from(guardians).where(eq(guardians.inviteTokenHash, tokenHash)))[0],
    respond: async (input: { guardianId: string; status: "accepted" | "declined" }) =>
      (await db.update(guardians).set({ status: input.status, respondedAt: new Date(), updatedAt: new Date() }).where(eq(guardians.id, input.guardianId)).returning())[0],

    /**
     * Records an invitation email to `email` unless the rules refuse it, under the account's lock so two
     * requests at once count each other: "declined" (that address declined this account), "per-day" (the
     * account sent `perDay` in the last 24 hours), "address" (with `oncePerAddress`: this address was invited
     * in the last 24 hours). Returns the record's id, to be released if the invitation is not sent after all.
     */
    claimInvitation: (input: { userId: string; email: string; now: Date; perDay: number; oncePerAddress: boolean }) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`guardian-invitations:${input.userId}`}))`);
        const [declined] = await tx.select({ email: guardianDeclines.email }).from(guardianDeclines).where(and(eq(guardianDeclines.userId, input.userId), eq(guardianDeclines.email, input.email)));
        if (declined) return { refused: "declined" } as const;
        const since = new Date(input.now.getTime() - DAY_MS);
        const sent = await tx
          .select({ email: guardianInvitations.email })
          .from(guardianInvitations)
          .where(and(eq(guardianInvitations.userId, input.userId), gt(guardianInvitations.sentAt, since)));
        if (sent.length >= input.perDay) return { refused: "per-day" } as const;
        if (input.oncePerAddress && sent.some((row) => row.email === input.email)) return { refused: "address" } as const;
        const [row] = await tx.insert(guardianInvitations).values({ userId: input.userId, email: input.email, sentAt: input.now }).returning({ id: guardianInvitations.id });
        return { id: row.id };
      }),
    releaseInvitation: (id: string) => db.delete(guardianInvitations).where(eq(guardianInvitations.id, id)),
    /** Declining is remembered for the address (and the account), beyond the guardian's row; accepting forgets it. */
    recordDecline: (input: { userId: string; email: string }) => db.insert(guardianDeclines).values(input).onConflictDoNothing(),
    forgetDecline: (input: { userId: string; email: string }) => db.delete(guardianDeclines).where(and(eq(guardianDeclines.userId, input.userId), eq(guardianDeclines.email, input.email))),

    insertLink: async (input: { guardianId: string; childId: string; tokenHash: string; createdAt: Date; expiresAt: Date }) => (await db.insert(familyLinks).values(input).returning())[0],
    /**
     * A link with its guardian, in one query, while the guardian still receives for its child: accepted, not
     * paused, for every child or this one, and the child still Dad's. With `liveAt`, only a link neither revoked
     * nor expired by then (without it, an expired link still says who asked, for 'Email me a fresh link').
     */
    findAllowedLink: async (tokenHash: string, liveAt?: Date) =>
      (
        await db
          .select({ link: familyLinks, guardian: guardians })
          .from(familyLinks)
          .innerJoin(guardians, eq(guardians.id, familyLinks.guardianId))
          .innerJoin(children, and(eq(children.id, familyLinks.childId), eq(children.userId, guardians.userId)))
          .where(
            and(
              eq(familyLinks.tokenHash, tokenHash),
              eq(guardians.status, "accepted"),
              isNull(guardians.pausedAt),
              or(eq(guardians.allChildren, true), sql`EXISTS (SELECT 1 FROM ${guardianChildren} gc WHERE gc.guardian_id = ${guardians.id} AND gc.child_id = ${familyLinks.childId})`),
              liveAt ? and(isNull(familyLinks.revokedAt), gt(familyLinks.expiresAt, liveAt)) : undefined,
            ),
          )
      )[0],
    markLinkOpened: (linkId: string) => db.update(familyLinks).set({ lastOpenedAt: new Date() }).where(eq(familyLinks.id, linkId)),
    /**
     * Records a view of a child's page and returns the end of the visit before this one (null on the first). Views less
     * than VISIT_GAP apart are one visit, so a reload keeps what the first view of the visit called new.
     */
    recordVisit: async (input: { guardianId: string; childId: string; at: Date }) => {
      const gapStart = new Date(input.at.getTime() - VISIT_GAP_MS).toISOString();
      const [row] = await db
        .insert(familyPageVisits)
        .values({ guardianId: input.guardianId, childId: input.childId, previousVisitAt: null, lastViewedAt: input.at })
        .onConflictDoUpdate({
          target: [familyPageVisits.guardianId, familyPageVisits.childId],
          set: {
            previousVisitAt: sql`CASE WHEN ${familyPageVisits.lastViewedAt} < ${gapStart}::timestamptz THEN ${familyPageVisits.lastViewedAt} ELSE ${familyPageVisits.previousVisitAt} END`,
            lastViewedAt: sql`greatest(${familyPageVisits.lastViewedAt}, ${input.at.toISOString()}::timestamptz)`,
          },
        })
        .returning({ previousVisitAt: familyPageVisits.previousVisitAt });
      return row.previousVisitAt;
    },
    revokeLinks: async (input: { userId: string; guardianId: string }) => {
      const [row] = await db.select({ id: guardians.id }).from(guardians).where(owned(input));
      if (!row) return false;
      await db.update(familyLinks).set({ revokedAt: new Date() }).where(and(eq(familyLinks.guardianId, row.id), isNull(familyLinks.revokedAt)));
      return true;
    },
    /** When the newest link that still works (not revoked, not expired) was issued. */
    latestLiveLinkCreatedAt: async (input: { guardianId: string; childId: string; now: Date }) =>
      (
        await db
          .select({ value: max(familyLinks.createdAt) })
          .from(familyLinks)
          .where(
            and(eq(familyLinks.guardianId, input.guardianId), eq(familyLinks.childId, input.childId), isNull(familyLinks.revokedAt), gt(familyLinks.expiresAt, input.now)),
          )
      )[0]?.value ?? null,
  };
}

export type GuardiansRepository = ReturnType<typeof createGuardiansRepository>;
