import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import type { ObjectRef } from "../storage/storage";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";
import { childMemoryCounts, narrationChildIds, narrationChildren, narrations } from "./memories.table";

export type NarrationRow = typeof narrations.$inferSelect & { childIds: string[] };
export type NewNarration = Omit<typeof narrations.$inferInsert, "userId" | "createdAt" | "milestoneReachedAt">;
export type PageCursor = { createdAt: Date; id: string };

const narrationColumns = {
  id: narrations.id,
  userId: narrations.userId,
  title: narrations.title,
  notes: narrations.notes,
  durationSeconds: narrations.durationSeconds,
  imagePath: narrations.imagePath,
  audioPath: narrations.audioPath,
  unlockType: narrations.unlockType,
  unlockAge: narrations.unlockAge,
  unlockDate: narrations.unlockDate,
  unlockMilestone: narrations.unlockMilestone,
  milestoneReachedAt: narrations.milestoneReachedAt,
  createdAt: narrations.createdAt,
  childIds: narrationChildIds,
};

/** Every query is filtered by the owner's user id. */
export function createMemoriesRepository(db: Database) {
  return {
    /** One page, newest first, keyed on (created_at, id) so later pages stay cheap. */
    async listPage(input: { userId: string; kind: "narration" | "note" | null; childId: string | null; cursor: PageCursor | null; limit: number }): Promise<NarrationRow[]> {
      const { cursor } = input;
      return db
        .select(narrationColumns)
        .from(narrations)
        .where(
          and(
            eq(narrations.userId, input.userId),
            input.kind === "narration" ? isNotNull(narrations.imagePath) : input.kind === "note" ? isNull(narrations.imagePath) : undefined,
            input.childId
              ? sql`exists (select 1 from ${narrationChildren} where ${narrationChildren.narrationId} = ${narrations.id} and ${narrationChildren.childId} = ${input.childId})`
              : undefined,
            cursor
              ? or(lt(narrations.createdAt, cursor.createdAt), and(eq(narrations.createdAt, cursor.createdAt), lt(narrations.id, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(desc(narrations.createdAt), desc(narrations.id))
        .limit(input.limit);
    },

    async findById(input: { userId: string; id: string }): Promise<NarrationRow | undefined> {
      const [row] = await db
        .select(narrationColumns)
        .from(narrations)
        .where(and(eq(narrations.userId, input.userId), eq(narrations.id, input.id)));
      return row;
    },

    /** The account's time zone and its children (names for the cards, birthdates for age unlocks). */
    async accountContext(userId: string) {
      const [[profile], childRows] = await Promise.all([
        db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId)),
        db
          .select({ id: children.id, name: children.name, birthdate: children.birthdate, imagePath: children.imagePath })
          .from(children)
          .where(eq(children.userId, userId))
          .orderBy(asc(children.createdAt)),
      ]);
      return { timeZone: profile?.timeZone ?? "UTC", children: childRows };
    },

    /** Memories whose unlock instant can be known (age and date rules), for 'Coming up'. */
    async datedRules(userId: string) {
      return db
        .select(narrationColumns)
        .from(narrations)
        .where(and(eq(narrations.userId, userId), inArray(narrations.unlockType, ["age", "date"])));
    },

    /** Memories of every kind the dad has made (narrations, quick notes, videos): the checklist's first step. */
    async countAllKinds(userId: string) {
      const { rows } = await db.execute<{ total: number }>(
        sql`SELECT (SELECT count(*) FROM narrations WHERE user_id = ${userId}) + (SELECT count(*) FROM videos WHERE user_id = ${userId}) AS total`,
      );
      return Number(rows[0]?.total ?? 0);
    },

    async countOwnedChildren(input: { userId: string; childIds: string[] }) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(children)
        .where(and(eq(children.userId, input.userId), inArray(children.id, input.childIds)));
      return row?.count ?? 0;
    },

    /** The narration row and its children in one transaction. */
    async insert(input: { userId: string; narration: NewNarration; childIds: string[] }) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(narrations)
          .values({ ...input.narration, userId: input.userId })
          .returning({ id: narrations.id });
        if (!created) throw new Error("narration insert returned no row");
        await tx.insert(narrationChildren).values(input.childIds.map((childId) => ({ narrationId: created.id, childId })));
        return created;
      });
    },

    async delete(input: { userId: string; id: string }) {
      const [deleted] = await db
        .delete(narrations)
        .where(and(eq(narrations.userId, input.userId), eq(narrations.id, input.id)))
        .returning({ audioPath: narrations.audioPath, imagePath: narrations.imagePath });
      return deleted;
    },

    /**
     * A child deletion step (inside the child's transaction): memories meant only for this child
     * go with it; memories shared with other children keep those links. Returns their files.
     */
    async deleteOnlyForChild(tx: DbOrTransaction, input: { userId: string; childId: string }): Promise<ObjectRef[]> {
      const deleted = await tx
        .delete(narrations)
        .where(
          and(
            eq(narrations.userId, input.userId),
            sql`exists (select 1 from ${narrationChildren} where ${narrationChildren.narrationId} = ${narrations.id} and ${narrationChildren.childId} = ${input.childId})`,
            sql`not exists (select 1 from ${narrationChildren} where ${narrationChildren.narrationId} = ${narrations.id} and ${narrationChildren.childId} <> ${input.childId})`,
          ),
        )
        .returning({ audioPath: narrations.audioPath, imagePath: narrations.imagePath });
      return deleted.flatMap((row) => [
        ...(row.audioPath ? [{ bucket: "audio" as const, key: row.audioPath }] : []),
        ...(row.imagePath ? [{ bucket: "images" as const, key: row.imagePath }] : []),
      ]);
    },

    async markMilestoneReached(input: { userId: string; id: string; at: Date }) {
      await db
        .update(narrations)
        .set({ milestoneReachedAt: input.at })
        .where(and(eq(narrations.userId, input.userId), eq(narrations.id, input.id), isNull(narrations.milestoneReachedAt)));
    },

    async memoryCounts(userId: string) {
      return db
        .select({ childId: children.id, name: children.name, imagePath: children.imagePath, total: childMemoryCounts.total })
        .from(childMemoryCounts)
        .innerJoin(children, eq(children.id, childMemoryCounts.childId))
        .where(eq(childMemoryCounts.userId, userId))
        .orderBy(asc(children.createdAt));
    },
  };
}

export type MemoriesRepository = ReturnType<typeof createMemoriesRepository>;
