import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { EditMemoryFields } from "../../../shared/memories";
import type { UnlockType } from "../../../shared/unlock-rules";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import type { ObjectRef } from "../storage/storage";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";
import { childMemoryCounts, narrationChildren, narrationCreationKeys, narrations, videoChildren, videos } from "./memories.table";
import { storedFilesOf } from "./memories.storage";

export type NewNarration = Omit<typeof narrations.$inferInsert, "userId" | "createdAt" | "milestoneReachedAt">;
export type PageCursor = { createdAt: Date; id: string };
/** The table a memory lives in: narrations (narrations and quick notes) or videos. */
export type MemorySource = "narration" | "video";

/** One row of the memories list, whichever table it came from (the columns the other table lacks are null). */
export type MemoryRow = {
  source: MemorySource;
  id: string;
  title: string;
  notes: string;
  /** ISO 8601 in UTC with milliseconds, as stored (the page cursor reuses it). */
  createdAt: string;
  durationSeconds: number | null;
  imagePath: string | null;
  audioPath: string | null;
  thumbnailPath: string | null;
  /** The processed video file (videos only). */
  filePath: string | null;
  processingStatus: "processing" | "completed" | "failed" | null;
  processingProgress: number | null;
  processingError: string | null;
  unlockType: UnlockType;
  unlockAge: number | null;
  unlockDate: string | null;
  unlockMilestone: string | null;
  milestoneReachedAt: string | null;
  releaseEarly: boolean;
  childIds: string[];
  /**
   * When the memory first opened (a recorded unlock), once it has opened for every one of its children
   * (a milestone confirmed for one child only is still sealed for the others); it never re-locks after that.
   */
  openedAt: string | null;
};

type MemoryFilter = {
  userId: string;
  kind: "narration" | "note" | "video" | null;
  childId: string | null;
  cursor: PageCursor | null;
  id: string | null;
  limit: number;
};

/** A named statement: PostgreSQL parses and plans it once per connection, and its text is built once. */
type Statement = { name: string; text: string; values: unknown[] };

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Each field of a MemoryRow and how it is read from the page `m`: SQL names the keys, so rows need no mapping. */
const ROW_FIELDS: Array<[keyof MemoryRow, string]> = [
  ["source", "m.source"],
  ["id", "m.id"],
  ["title", "m.title"],
  ["notes", "m.notes"],
  ["createdAt", iso("m.created_at")],
  ["durationSeconds", "m.duration_seconds"],
  ["imagePath", "m.image_path"],
  ["audioPath", "m.audio_path"],
  ["thumbnailPath", "m.thumbnail_path"],
  ["filePath", "m.file_path"],
  ["processingStatus", "m.processing_status"],
  ["processingProgress", "m.processing_progress"],
  ["processingError", "m.processing_error"],
  ["unlockType", "m.unlock_type"],
  ["unlockAge", "m.unlock_age"],
  ["unlockDate", "m.unlock_date::text"],
  ["unlockMilestone", "m.unlock_milestone"],
  ["milestoneReachedAt", iso("m.milestone_reached_at")],
  ["releaseEarly", "m.release_early"],
  ["childIds", "m.child_ids"],
  ["openedAt", iso("m.opened_at")],
];

/**
 * Narrations and videos as one list in one statement: each branch walks its (user_id, created_at, id)
 * index backwards to at most `limit` rows, UNION ALL merges them, and the outer query keeps the
 * newest `limit` by (created_at, id). Every branch is filtered by the owner's user id ($1).
 * `shape` wraps that page: as rows, or as one row that also carries the account's time zone and
 * children (the list needs both, so one round trip serves it).
 */
const statementTexts = new Map<string, string>();
function memoryStatement(filter: MemoryFilter, shape: "rows" | "with-account"): Statement {
  const values: unknown[] = [filter.userId, filter.limit];
  const param = (value: unknown) => `$${values.push(value)}`;
  const id = filter.id ? param(filter.id) : null;
  const childId = filter.childId ? param(filter.childId) : null;
  const cursor = filter.cursor ? { createdAt: param(filter.cursor.createdAt.toISOString()), id: param(filter.cursor.id) } : null;
  const name = ["memories", shape, filter.kind ?? "all", id && "id", childId && "child", cursor && "after"].filter(Boolean).join("_");
  let text = statementTexts.get(name);
  if (!text) {
    const where = (alias: "n" | "v", link: string) => {
      const conditions = [`${alias}.user_id = $1`];
      if (id) conditions.push(`${alias}.id = ${id}::uuid`);
      if (childId) conditions.push(`EXISTS (${link} AND link.child_id = ${childId}::uuid)`);
      if (cursor) conditions.push(`(${alias}.created_at, ${alias}.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
      return conditions.join(" AND ");
    };
    const branches: string[] = [];
    if (filter.kind !== "video") {
      const photo = filter.kind === "narration" ? " AND n.image_path IS NOT NULL" : filter.kind === "note" ? " AND n.image_path IS NULL" : "";
      branches.push(`(SELECT 'narration' AS source, n.id, n.title, n.notes, n.created_at, n.duration_seconds::real AS duration_seconds,
        n.image_path, n.audio_path, NULL::text AS thumbnail_path, NULL::text AS file_path, NULL::text AS processing_status, NULL::int AS processing_progress, NULL::text AS processing_error,
        n.unlock_type, n.unlock_age, n.unlock_date, n.unlock_milestone, n.milestone_reached_at, n.release_early
      FROM narrations n WHERE ${where("n", "SELECT 1 FROM narration_children link WHERE link.narration_id = n.id")}${photo}
      ORDER BY n.created_at DESC, n.id DESC LIMIT $2)`);
    }
    if (filter.kind === null || filter.kind === "video") {
      branches.push(`(SELECT 'video' AS source, v.id, v.title, v.notes, v.created_at, v.duration_seconds,
        NULL::text AS image_path, NULL::text AS audio_path, v.thumbnail_path, v.file_path, v.processing_status, v.processing_progress, v.processing_error,
        v.unlock_type, v.unlock_age, v.unlock_date, v.unlock_milestone, v.milestone_reached_at, v.release_early
      FROM videos v WHERE ${where("v", "SELECT 1 FROM video_children link WHERE link.video_id = v.id")}
      ORDER BY v.created_at DESC, v.id DESC LIMIT $2)`);
    }
    // The children of each memory are looked up only for the rows that made the page.
    const page = `(SELECT u.*, coalesce(CASE u.source
          WHEN 'narration' THEN (SELECT array_agg(link.child_id::text) FROM narration_children link WHERE link.narration_id = u.id)
          ELSE (SELECT array_agg(link.child_id::text) FROM video_children link WHERE link.video_id = u.id) END, '{}') AS child_ids,
          (SELECT min(opened.unlocked_at) FROM memory_unlocks opened WHERE opened.memory_id = u.id
            AND NOT EXISTS (SELECT 1 FROM narration_children link WHERE link.narration_id = u.id AND NOT EXISTS (SELECT 1 FROM memory_unlocks o WHERE o.memory_id = u.id AND o.child_id = link.child_id))
            AND NOT EXISTS (SELECT 1 FROM video_children link WHERE link.video_id = u.id AND NOT EXISTS (SELECT 1 FROM memory_unlocks o WHERE o.memory_id = u.id AND o.child_id = link.child_id))) AS opened_at
        FROM (SELECT * FROM (${branches.join(" UNION ALL ")}) b ORDER BY b.created_at DESC, b.id DESC LIMIT $2) u) m`;
    text =
      shape === "rows"
        ? `SELECT ${ROW_FIELDS.map(([key, value]) => `${value} AS "${key}"`).join(", ")} FROM ${page} ORDER BY m.created_at DESC, m.id DESC`
        : `SELECT (SELECT p.time_zone FROM profiles p WHERE p.id = $1) AS time_zone,
          (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'birthdate', c.birthdate::text, 'imagePath', c.image_path) ORDER BY c.created_at), '[]')
             FROM children c WHERE c.user_id = $1) AS children,
          (SELECT coalesce(json_agg(json_build_object(${ROW_FIELDS.map(([key, value]) => `'${key}', ${value}`).join(", ")}) ORDER BY m.created_at DESC, m.id DESC), '[]')
             FROM ${page}) AS items`;
    statementTexts.set(name, text);
  }
  return { name, text, values };
}

type AccountChild = { id: string; name: string; birthdate: string; imagePath: string | null };
/** The account's time zone and children (names for the cards, birthdates for age unlocks). */
export type AccountContext = { timeZone: string; children: AccountChild[] };
const accountOf = (timeZone: string | null | undefined, accountChildren: AccountChild[]): AccountContext => ({ timeZone: timeZone ?? "UTC", children: accountChildren });

/** Every query is filtered by the owner's user id. */
export function createMemoriesRepository(db: Database) {
  return {
    /**
     * One page of every kind, newest first, keyed on (created_at, id) so later pages stay cheap,
     * with the account context its cards need, in one round trip.
     */
    async listPage(input: { userId: string; kind: MemoryFilter["kind"]; childId: string | null; id?: string | null; cursor: PageCursor | null; limit: number }) {
      const { rows } = await db.$client.query<{ time_zone: string | null; children: AccountChild[]; items: MemoryRow[] }>(
        memoryStatement({ ...input, id: input.id ?? null }, "with-account"),
      );
      const [result] = rows;
      return { rows: result?.items ?? [], account: accountOf(result?.time_zone, result?.children ?? []) };
    },

    /** One memory of the given source (a narration or quick note, or a video). */
    async findById(input: { userId: string; id: string; source: MemorySource }): Promise<MemoryRow | undefined> {
      const { rows } = await db.$client.query<MemoryRow>(
        memoryStatement({ userId: input.userId, id: input.id, kind: input.source === "video" ? "video" : null, childId: null, cursor: null, limit: 1 }, "rows"),
      );
      return rows[0]?.source === input.source ? rows[0] : undefined;
    },

    /** One memory of any kind by id (ids are unique across narrations and videos). */
    async findAnyKind(input: { userId: string; id: string }): Promise<MemoryRow | undefined> {
      const { rows } = await db.$client.query<MemoryRow>(
        memoryStatement({ userId: input.userId, id: input.id, kind: null, childId: null, cursor: null, limit: 1 }, "rows"),
      );
      return rows[0];
    },

    /** The account's time zone and its children (names for the cards, birthdates for age unlocks). */
    async accountContext(userId: string): Promise<AccountContext> {
      const [[profile], childRows] = await Promise.all([
        db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId)),
        db
          .select({ id: children.id, name: children.name, birthdate: children.birthdate, imagePath: children.imagePath })
          .from(children)
          .where(eq(children.userId, userId))
          .orderBy(asc(children.createdAt)),
      ]);
      return accountOf(profile?.timeZone, childRows);
    },

    /** Memories of every kind whose unlock instant can be known (age and date rules), for 'Coming up'. */
    async datedRules(userId: string) {
      const { rows } = await db.execute<Pick<MemoryRow, "id" | "title" | "unlockType" | "unlockAge" | "unlockDate" | "unlockMilestone" | "milestoneReachedAt" | "childIds">>(sql`
        SELECT n.id, n.title, n.unlock_type AS "unlockType", n.unlock_age AS "unlockAge", n.unlock_date::text AS "unlockDate", n.unlock_milestone AS "unlockMilestone",
               NULL AS "milestoneReachedAt",
               coalesce((SELECT array_agg(link.child_id::text) FROM narration_children link WHERE link.narration_id = n.id), '{}') AS "childIds"
        FROM narrations n WHERE n.user_id = ${userId} AND n.unlock_type IN ('age', 'date')
        UNION ALL
        SELECT v.id, v.title, v.unlock_type, v.unlock_age, v.unlock_date::text, v.unlock_milestone, NULL,
               coalesce((SELECT array_agg(link.child_id::text) FROM video_children link WHERE link.video_id = v.id), '{}')
        FROM videos v WHERE v.user_id = ${userId} AND v.unlock_type IN ('age', 'date')`);
      return rows;
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

    /** The narration an earlier submission with this idempotency key created, if any. */
    async findByCreationKey(input: { userId: string; key: string }) {
      const [row] = await db
        .select({ id: narrationCreationKeys.narrationId })
        .from(narrationCreationKeys)
        .where(and(eq(narrationCreationKeys.userId, input.userId), eq(narrationCreationKeys.key, input.key)));
      return row ?? null;
    },

    /**
     * The narration row and its children in one transaction, with `inTransaction` (its unlock instants) before it
     * commits. With a creation key, the key is claimed in the same transaction: when another request already holds it
     * (it waits for that one to commit), nothing is kept and `duplicate` says so.
     */
    async insert(
      input: { userId: string; narration: NewNarration; childIds: string[]; creationKey?: string | null },
      inTransaction?: (tx: DbOrTransaction, id: string) => Promise<void>,
    ) {
      const duplicate = Symbol("duplicate");
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(narrations)
            .values({ ...input.narration, userId: input.userId })
            .returning({ id: narrations.id });
          if (!created) throw new Error("narration insert returned no row");
          await tx.insert(narrationChildren).values(input.childIds.map((childId) => ({ narrationId: created.id, childId })));
          if (input.creationKey) {
            const claimed = await tx
              .insert(narrationCreationKeys)
              .values({ userId: input.userId, key: input.creationKey, narrationId: created.id })
              .onConflictDoNothing()
              .returning({ key: narrationCreationKeys.key });
            if (claimed.length === 0) throw duplicate;
          }
          await inTransaction?.(tx, created.id);
          return { id: created.id, duplicate: false };
        });
      } catch (error) {
        if (error !== duplicate) throw error;
        return { id: null, duplicate: true } as const;
      }
    },

    /**
     * The memories recorded as opened for a child (only `memoryId`, when given), each with when (ISO, like
     * MemoryRow.openedAt): it stays open for that child.
     */
    async openedForChild(input: { userId: string; childId: string; memoryId?: string }) {
      const onlyMemory = input.memoryId ? sql`AND memory_id = ${input.memoryId}::uuid` : sql``;
      const { rows } = await db.execute<{ memory_id: string; unlocked_at: string }>(
        sql`SELECT memory_id, ${sql.raw(iso("unlocked_at"))} AS unlocked_at FROM memory_unlocks WHERE user_id = ${input.userId} AND child_id = ${input.childId}::uuid ${onlyMemory}`,
      );
      return new Map(rows.map((row) => [row.memory_id, row.unlocked_at]));
    },

    /**
     * Every unlock recorded for the account's memories (which memory opened for which child, and when), by memory,
     * earliest first. Read through the child index: the account's children, then each one's recorded unlocks.
     */
    async recordedUnlocks(input: { userId: string }) {
      const { rows } = await db.execute<{ memory_id: string; child_id: string; unlocked_at: string | Date }>(sql`
        SELECT u.memory_id, u.child_id::text AS child_id, u.unlocked_at
        FROM children c JOIN memory_unlocks u ON u.child_id = c.id
        WHERE c.user_id = ${input.userId} AND u.user_id = ${input.userId}
        ORDER BY u.unlocked_at, u.child_id`);
      const byMemory = new Map<string, Array<{ childId: string; at: string }>>();
      for (const row of rows) {
        const opened = byMemory.get(row.memory_id) ?? [];
        opened.push({ childId: row.child_id, at: new Date(row.unlocked_at).toISOString() });
        byMemory.set(row.memory_id, opened);
      }
      return byMemory;
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
      return deleted.flatMap((row) => storedFilesOf({ source: "narration", ...row }));
    },

    /**
     * Edits the fields every memory has (title, notes, children, unlock rule) in either table, and replaces its children, in one
     * transaction with `inTransaction` (its unlock instants). A milestone keeps 'reached' only while it
     * stays the same milestone. Never touches a video's file or processing state. Returns false when not the owner's.
     */
    async updateFields(
      input: { userId: string; id: string; source: MemorySource; fields: EditMemoryFields },
      inTransaction: (tx: DbOrTransaction) => Promise<void>,
    ) {
      const { fields } = input;
      const table = input.source === "video" ? videos : narrations;
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(table)
          .set({
            title: fields.title,
            notes: fields.notes,
            unlockType: fields.unlockType,
            unlockAge: fields.unlockAge,
            unlockDate: fields.unlockDate,
            unlockMilestone: fields.unlockMilestone,
            releaseEarly: fields.releaseEarly,
            milestoneReachedAt: sql`CASE WHEN ${table.unlockType} = 'milestone' AND ${fields.unlockType} = 'milestone' AND ${table.unlockMilestone} = ${fields.unlockMilestone}
              THEN ${table.milestoneReachedAt} END`,
          })
          .where(and(eq(table.userId, input.userId), eq(table.id, input.id)))
          .returning({ id: table.id });
        if (!updated) return false;
        if (input.source === "video") {
          await tx.delete(videoChildren).where(and(eq(videoChildren.videoId, input.id), notInArray(videoChildren.childId, fields.childIds)));
          await tx.insert(videoChildren).values(fields.childIds.map((childId) => ({ videoId: input.id, childId }))).onConflictDoNothing();
        } else {
          await tx.delete(narrationChildren).where(and(eq(narrationChildren.narrationId, input.id), notInArray(narrationChildren.childId, fields.childIds)));
          await tx.insert(narrationChildren).values(fields.childIds.map((childId) => ({ narrationId: input.id, childId }))).onConflictDoNothing();
        }
        await inTransaction(tx);
        return true;
      });
    },

    /** 'Unlock now': set once, on the owner's milestone memory of either table. */
    async markMilestoneReached(input: { userId: string; id: string; source: MemorySource; at: Date }) {
      const table = input.source === "video" ? videos : narrations;
      await db
        .update(table)
        .set({ milestoneReachedAt: input.at })
        .where(and(eq(table.userId, input.userId), eq(table.id, input.id), eq(table.unlockType, "milestone"), isNull(table.milestoneReachedAt)));
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
