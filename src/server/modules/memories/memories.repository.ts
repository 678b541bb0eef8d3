import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { EditMemoryFields } from "../../../shared/memories";
import type { UnlockType } from "../../../shared/unlock-rules";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import type { ObjectRef } from "../storage/storage";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";
import { childMemoryCounts, memories, memoryChildren, memoryCreationKeys, memoryFiles } from "./memories.table";
import { storedFilesOf } from "./memories.storage";

export type NewNarration = Pick<
  typeof memories.$inferInsert,
  "id" | "kind" | "title" | "notes" | "durationSeconds" | "unlockType" | "unlockAge" | "unlockDate" | "unlockMilestone" | "releaseEarly"
>;
/** A file written for a new memory: where it is stored and what it is. */
export type NewMemoryFile = Omit<typeof memoryFiles.$inferInsert, "memoryId" | "createdAt">;
export type PageCursor = { createdAt: Date; id: string };
/** Narrations and quick notes share their files and routes; videos have their own. */
export type MemorySource = "narration" | "video";

/** One row of the memories list (the fields another kind lacks are null). */
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

/** A memory's file of one role, as a column of the page `u`. */
const fileOf = (role: string) => `(SELECT f.key FROM memory_files f WHERE f.memory_id = u.id AND f.role = '${role}')`;

/**
 * One page of memories in one statement: it walks the (user_id, created_at, id) index backwards to at most
 * `limit` rows, filtered by the owner's user id ($1). The children, files and first opening are looked up only for
 * the rows that made the page. `shape` wraps that page: as rows, or as one row that also carries the account's
 * time zone and children (the list needs both, so one round trip serves it).
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
    const conditions = ["b.user_id = $1"];
    if (filter.kind) conditions.push(`b.kind = '${filter.kind}'`);
    if (id) conditions.push(`b.id = ${id}::uuid`);
    if (childId) conditions.push(`EXISTS (SELECT 1 FROM memory_children link WHERE link.memory_id = b.id AND link.child_id = ${childId}::uuid)`);
    if (cursor) conditions.push(`(b.created_at, b.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
    const page = `(SELECT CASE WHEN u.kind = 'video' THEN 'video' ELSE 'narration' END AS source, u.id, u.title, u.notes, u.created_at, u.duration_seconds,
          ${fileOf("photo")} AS image_path, ${fileOf("voice")} AS audio_path, ${fileOf("thumbnail")} AS thumbnail_path, ${fileOf("playable_video")} AS file_path,
          u.processing_status, u.processing_progress, u.processing_error,
          u.unlock_type, u.unlock_age, u.unlock_date, u.unlock_milestone, u.milestone_reached_at, u.release_early,
          coalesce((SELECT array_agg(link.child_id::text) FROM memory_children link WHERE link.memory_id = u.id), '{}') AS child_ids,
          (SELECT min(opened.unlocked_at) FROM memory_unlocks opened WHERE opened.memory_id = u.id
            AND NOT EXISTS (SELECT 1 FROM memory_children link WHERE link.memory_id = u.id AND NOT EXISTS (SELECT 1 FROM memory_unlocks o WHERE o.memory_id = u.id AND o.child_id = link.child_id))) AS opened_at
        FROM (SELECT * FROM memories b WHERE ${conditions.join(" AND ")} ORDER BY b.created_at DESC, b.id DESC LIMIT $2) u) m`;
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

/** A narration's voice and photo, as columns of a select from `memories`. */
const filePaths = {
  audioPath: sql<string | null>`(SELECT f.key FROM memory_files f WHERE f.memory_id = ${memories.id} AND f.role = 'voice')`,
  imagePath: sql<string | null>`(SELECT f.key FROM memory_files f WHERE f.memory_id = ${memories.id} AND f.role = 'photo')`,
};

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
        SELECT m.id, m.title, m.unlock_type AS "unlockType", m.unlock_age AS "unlockAge", m.unlock_date::text AS "unlockDate", m.unlock_milestone AS "unlockMilestone",
               NULL AS "milestoneReachedAt",
               coalesce((SELECT array_agg(link.child_id::text) FROM memory_children link WHERE link.memory_id = m.id), '{}') AS "childIds"
        FROM memories m WHERE m.user_id = ${userId} AND m.unlock_type IN ('age', 'date')`);
      return rows;
    },

    /** Memories of every kind the dad has made (narrations, quick notes, videos): the checklist's first step. */
    async countAllKinds(userId: string) {
      const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(memories).where(eq(memories.userId, userId));
      return row?.total ?? 0;
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
        .select({ id: memoryCreationKeys.memoryId })
        .from(memoryCreationKeys)
        .where(and(eq(memoryCreationKeys.userId, input.userId), eq(memoryCreationKeys.key, input.key)));
      return row ?? null;
    },

    /**
     * The narration row, its files and its children in one transaction, with `inTransaction` (its unlock instants) before it
     * commits. With a creation key, the key is claimed in the same transaction: when another request already holds it
     * (it waits for that one to commit), nothing is kept and `duplicate` says so.
     */
    async insert(
      input: { userId: string; narration: NewNarration; files: NewMemoryFile[]; childIds: string[]; creationKey?: string | null },
      inTransaction?: (tx: DbOrTransaction, id: string) => Promise<void>,
    ) {
      const duplicate = Symbol("duplicate");
      try {
        return await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(memories)
            .values({ ...input.narration, userId: input.userId })
            .returning({ id: memories.id });
          if (!created) throw new Error("narration insert returned no row");
          if (input.files.length > 0) await tx.insert(memoryFiles).values(input.files.map((file) => ({ ...file, memoryId: created.id })));
          await tx.insert(memoryChildren).values(input.childIds.map((childId) => ({ memoryId: created.id, childId })));
          if (input.creationKey) {
            const claimed = await tx
              .insert(memoryCreationKeys)
              .values({ userId: input.userId, key: input.creationKey, memoryId: created.id })
              .onConflictDoNothing()
              .returning({ key: memoryCreationKeys.key });
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

    /** Deletes the owner's narration or quick note; returns its files (their rows go with it, the stored objects are the caller's). */
    async delete(input: { userId: string; id: string }) {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .select({ id: memories.id, ...filePaths })
          .from(memories)
          .where(and(eq(memories.userId, input.userId), eq(memories.id, input.id), inArray(memories.kind, ["narration", "note"])))
          .for("update");
        if (!deleted) return undefined;
        await tx.delete(memories).where(eq(memories.id, deleted.id));
        return { audioPath: deleted.audioPath, imagePath: deleted.imagePath };
      });
    },

    /**
     * A child deletion step (inside the child's transaction): narrations and quick notes meant only for this child
     * go with it; memories shared with other children keep those links. Returns their files.
     */
    async deleteOnlyForChild(tx: DbOrTransaction, input: { userId: string; childId: string }): Promise<ObjectRef[]> {
      const deleted = await tx.execute<{ audioPath: string | null; imagePath: string | null }>(sql`
        WITH gone AS (
          DELETE FROM memories m
          WHERE m.user_id = ${input.userId} AND m.kind IN ('narration', 'note')
            AND EXISTS (SELECT 1 FROM memory_children link WHERE link.memory_id = m.id AND link.child_id = ${input.childId})
            AND NOT EXISTS (SELECT 1 FROM memory_children link WHERE link.memory_id = m.id AND link.child_id <> ${input.childId})
          RETURNING m.id)
        SELECT (SELECT f.key FROM memory_files f WHERE f.memory_id = gone.id AND f.role = 'voice') AS "audioPath",
               (SELECT f.key FROM memory_files f WHERE f.memory_id = gone.id AND f.role = 'photo') AS "imagePath"
        FROM gone`);
      return deleted.rows.flatMap((row) => storedFilesOf({ source: "narration", ...row }));
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
      const table = memories;
      const sameSource = input.source === "video" ? eq(memories.kind, "video") : inArray(memories.kind, ["narration", "note"]);
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
          .where(and(eq(table.userId, input.userId), eq(table.id, input.id), sameSource))
          .returning({ id: table.id });
        if (!updated) return false;
        await tx.delete(memoryChildren).where(and(eq(memoryChildren.memoryId, input.id), notInArray(memoryChildren.childId, fields.childIds)));
        await tx.insert(memoryChildren).values(fields.childIds.map((childId) => ({ memoryId: input.id, childId }))).onConflictDoNothing();
        await inTransaction(tx);
        return true;
      });
    },

    /** 'Unlock now': set once, on the owner's milestone memory. */
    async markMilestoneReached(input: { userId: string; id: string; at: Date }) {
      await db
        .update(memories)
        .set({ milestoneReachedAt: input.at })
        .where(and(eq(memories.userId, input.userId), eq(memories.id, input.id), eq(memories.unlockType, "milestone"), isNull(memories.milestoneReachedAt)));
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
