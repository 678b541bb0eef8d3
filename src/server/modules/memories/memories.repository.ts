import { and, asc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { EditMemoryFields, Memory, MemoryKind } from "../../../shared/memories";
import type { UnlockRule } from "../../../shared/unlock-rules";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { children } from "../children/children.table";
import { profiles } from "../profiles/profiles.table";
import { childMemoryCounts, memories, memoryChildren, memoryCreationKeys, memoryFiles } from "./memories.table";
import type { StoredFileRef } from "./memories.storage";

export type NewNarration = Pick<
  typeof memories.$inferInsert,
  "id" | "kind" | "title" | "notes" | "durationSeconds" | "unlockType" | "unlockAge" | "unlockDate" | "unlockMilestone" | "releaseEarly"
>;
/** A file written for a new memory: where it is stored and what it is. */
export type NewMemoryFile = Omit<typeof memoryFiles.$inferInsert, "memoryId" | "createdAt">;
export type PageCursor = { createdAt: Date; id: string };
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

/** Each field of a Memory and how it is read from the page `m`: SQL names the keys and builds the nested ones, so rows need no mapping. */
const MEMORY_FIELDS: Array<[keyof Memory, string]> = [
  ["id", "m.id"],
  ["kind", "m.kind"],
  ["title", "m.title"],
  ["notes", "m.notes"],
  ["createdAt", iso("m.created_at")],
  ["durationSeconds", "m.duration_seconds"],
  ["releaseEarly", "m.release_early"],
  ["childIds", "m.child_ids"],
  [
    "rule",
    `json_build_object('unlockType', m.unlock_type, 'unlockAge', m.unlock_age, 'unlockDate', m.unlock_date::text, 'unlockMilestone', m.unlock_milestone,
      'milestoneReachedAt', ${iso("m.milestone_reached_at")})`,
  ],
  ["openedFor", "m.opened_for"],
  [
    "processing",
    `CASE WHEN m.kind = 'video' THEN json_build_object('status', coalesce(m.processing_status, 'processing'), 'progress', coalesce(m.processing_progress, 0), 'error', m.processing_error) END`,
  ],
  ["files", "m.files"],
];

/**
 * One page of memories in one statement: it walks the (user_id, created_at, id) index backwards to at most
 * `limit` rows, filtered by the owner's user id ($1). The children, files and recorded openings are looked up only for
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
    const page = `(SELECT u.id, u.kind, u.title, u.notes, u.created_at, u.duration_seconds,
          coalesce((SELECT json_agg(json_build_object('role', f.role, 'bucket', f.bucket, 'key', f.key)) FROM memory_files f WHERE f.memory_id = u.id), '[]') AS files,
          u.processing_status, u.processing_progress, u.processing_error,
          u.unlock_type, u.unlock_age, u.unlock_date, u.unlock_milestone, u.milestone_reached_at, u.release_early,
          coalesce((SELECT array_agg(link.child_id::text) FROM memory_children link WHERE link.memory_id = u.id), '{}') AS child_ids,
          coalesce((SELECT json_object_agg(opened.child_id, ${iso("opened.unlocked_at")}) FROM memory_unlocks opened WHERE opened.memory_id = u.id), '{}') AS opened_for
        FROM (SELECT * FROM memories b WHERE ${conditions.join(" AND ")} ORDER BY b.created_at DESC, b.id DESC LIMIT $2) u) m`;
    text =
      shape === "rows"
        ? `SELECT ${MEMORY_FIELDS.map(([key, value]) => `${value} AS "${key}"`).join(", ")} FROM ${page} ORDER BY m.created_at DESC, m.id DESC`
        : `SELECT (SELECT p.time_zone FROM profiles p WHERE p.id = $1) AS time_zone,
          (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'birthdate', c.birthdate::text, 'imagePath', c.image_path) ORDER BY c.created_at), '[]')
             FROM children c WHERE c.user_id = $1) AS children,
          (SELECT coalesce(json_agg(json_build_object(${MEMORY_FIELDS.map(([key, value]) => `'${key}', ${value}`).join(", ")}) ORDER BY m.created_at DESC, m.id DESC), '[]')
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
      const { rows } = await db.$client.query<{ time_zone: string | null; children: AccountChild[]; items: Memory[] }>(
        // Each field named rather than spread: a spread with a field added cost microseconds on every page on this V8.
        memoryStatement({ userId: input.userId, kind: input.kind, childId: input.childId, id: input.id ?? null, cursor: input.cursor, limit: input.limit }, "with-account"),
      );
      const [result] = rows;
      return { rows: result?.items ?? [], account: accountOf(result?.time_zone, result?.children ?? []) };
    },

    /** One memory by id, of any kind (ids are unique across kinds); of `kinds` only, when given. */
    async findById(input: { userId: string; id: string; kinds?: readonly MemoryKind[] }): Promise<Memory | undefined> {
      const { rows } = await db.$client.query<Memory>(
        memoryStatement({ userId: input.userId, id: input.id, kind: null, childId: null, cursor: null, limit: 1 }, "rows"),
      );
      const [found] = rows;
      return found && (!input.kinds || input.kinds.includes(found.kind)) ? found : undefined;
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

    /**
     * Memories of every kind whose unlock instant can be known (age and date rules), for 'Coming up', with the
     * children each has already opened for (recorded unlocks).
     */
    async datedRules(userId: string) {
      const { rows } = await db.execute<Pick<Memory, "id" | "title" | "childIds"> & UnlockRule & { openedFor: string[] }>(sql`
        SELECT m.id, m.title, m.unlock_type AS "unlockType", m.unlock_age AS "unlockAge", m.unlock_date::text AS "unlockDate", m.unlock_milestone AS "unlockMilestone",
               NULL AS "milestoneReachedAt",
               coalesce((SELECT array_agg(link.child_id::text) FROM memory_children link WHERE link.memory_id = m.id), '{}') AS "childIds",
               coalesce((SELECT array_agg(opened.child_id::text) FROM memory_unlocks opened WHERE opened.memory_id = m.id), '{}') AS "openedFor"
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

    /** Deletes the owner's narration or quick note; returns its stored files (their rows go with it, the stored objects are the caller's). */
    async delete(input: { userId: string; id: string }) {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .select({ id: memories.id })
          .from(memories)
          .where(and(eq(memories.userId, input.userId), eq(memories.id, input.id), inArray(memories.kind, ["narration", "note"])))
          .for("update");
        if (!deleted) return undefined;
        const files = await tx.select({ bucket: memoryFiles.bucket, key: memoryFiles.key }).from(memoryFiles).where(eq(memoryFiles.memoryId, deleted.id));
        await tx.delete(memories).where(eq(memories.id, deleted.id));
        return { files: files as StoredFileRef[] };
      });
    },

    /**
     * A child deletion step (inside the child's transaction): narrations and quick notes meant only for this child
     * go with it; memories shared with other children keep those links. Returns their files.
     */
    async deleteOnlyForChild(tx: DbOrTransaction, input: { userId: string; childId: string }): Promise<StoredFileRef[]> {
      const deleted = await tx.execute<StoredFileRef>(sql`
        WITH gone AS (
          DELETE FROM memories m
          WHERE m.user_id = ${input.userId} AND m.kind IN ('narration', 'note')
            AND EXISTS (SELECT 1 FROM memory_children link WHERE link.memory_id = m.id AND link.child_id = ${input.childId})
            AND NOT EXISTS (SELECT 1 FROM memory_children link WHERE link.memory_id = m.id AND link.child_id <> ${input.childId})
          RETURNING m.id)
        SELECT f.bucket, f.key FROM gone JOIN memory_files f ON f.memory_id = gone.id`);
      return deleted.rows;
    },

    /**
     * Edits the fields every memory has (title, notes, children, unlock rule) in either table, and replaces its children, in one
     * transaction with `inTransaction` (its unlock instants). A milestone keeps 'reached' only while it
     * stays the same milestone. Never touches a video's file or processing state. Returns false when not the owner's.
     */
    async updateFields(
      input: { userId: string; id: string; kind: MemoryKind; fields: EditMemoryFields },
      inTransaction: (tx: DbOrTransaction) => Promise<void>,
    ) {
      const { fields } = input;
      const table = memories;
      const sameKinds = input.kind === "video" ? eq(memories.kind, "video") : inArray(memories.kind, ["narration", "note"]);
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
          .where(and(eq(table.userId, input.userId), eq(table.id, input.id), sameKinds))
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
