/**
 * Unlocks as stored instants and recorded events, so that each opening is recorded and delivered exactly once.
 *
 * - `recompute` stores, for each (memory, child), the instant the memory opens for that child (shared/unlock-rules
 *   `opensAt`: an age rule on that child's own birthday), whenever a memory is saved or edited, its rule or children change, a child's birthdate
 *   or the account's time zone changes, a milestone is marked reached or a video finishes processing.
 *   A milestone is reached for every child (Dad's 'Unlock now', the memory's own milestone_reached_at)
 *   or for one child (its guardians confirmed it: the row's milestone_reached_at, `reachForChild`).
 *   A row already unlocked keeps its instant: a memory never re-locks for a child (what a child has had is never taken back).
 * - `recordDue` records every (memory, child) whose instant has come, exactly once, also with two app
 *   nodes racing: FOR UPDATE SKIP LOCKED hands each row to one worker, and the unique (memory, child)
 *   of memory_unlocks makes the insert ON CONFLICT DO NOTHING. It reads memory_unlock_instants_due_idx
 *   (only rows still waiting), never every memory.
 * - `dispatch` delivers recorded rows not yet dispatched to the 'memory.unlocked' subscribers and
 *   marks them in the same transaction: a crash before the mark delivers them again (subscribers are
 *   idempotent), so nothing recorded is lost.
 */
import { sql } from "drizzle-orm";
import type { MemoryKind } from "../../../shared/memories";
import { opensAt, type UnlockType } from "../../../shared/unlock-rules";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import type { EventBus } from "../../events/events";
import type { CronJob } from "../../jobs/job-queue";

/** Which memories to recompute: one memory, the memories of one child, or every memory of the account. */
export type RecomputeScope = { userId: string } & ({ memoryId: string } | { childId: string } | { all: true });

type RuleRow = {
  id: string;
  kind: MemoryKind;
  user_id: string;
  unlock_type: UnlockType;
  unlock_age: number | null;
  unlock_date: string | null;
  unlock_milestone: string | null;
  milestone_reached_at: string | null;
  created_at: string;
  ready: boolean;
  time_zone: string;
  /** Each child, with the milestone reached for that child only (guardians' confirmations), if any. */
  children: Array<{ id: string; birthdate: string; milestone_reached_at: string | null }>;
};

const BATCH = 1000;

function scopeCondition(scope: RecomputeScope) {
  if ("memoryId" in scope) return sql`m.id = ${scope.memoryId}::uuid`;
  if ("childId" in scope) return sql`EXISTS (SELECT 1 FROM memory_children l WHERE l.memory_id = m.id AND l.child_id = ${scope.childId}::uuid)`;
  return sql`true`;
}

/**
 * One batch of the unlock job: the waiting rows whose instant has come (memory_unlock_instants_due_idx),
 * each claimed by one worker, marked unlocked and recorded once. Exported for the bench's EXPLAIN.
 */
export function recordDueStatement(input: { now: Date; memoryId?: string }) {
  const onlyMemory = input.memoryId ? sql`AND memory_id = ${input.memoryId}::uuid` : sql``;
  return sql`
    WITH due AS (
      SELECT ctid FROM memory_unlock_instants
      WHERE unlocked_at IS NULL AND opens_at IS NOT NULL AND opens_at <= ${input.now.toISOString()}::timestamptz ${onlyMemory}
      ORDER BY opens_at LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED
    ), opened AS (
      UPDATE memory_unlock_instants i SET unlocked_at = i.opens_at
      WHERE i.ctid = ANY (ARRAY(SELECT ctid FROM due))
      RETURNING i.memory_id, i.memory_kind, i.child_id, i.user_id, i.unlock_type, i.opens_at
    )
    INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at)
    SELECT memory_id, memory_kind, child_id, user_id, unlock_type, opens_at FROM opened
    ON CONFLICT (memory_id, child_id) DO NOTHING
    RETURNING id`;
}

export function createMemoryUnlocks(options: { db: Database; events: EventBus }) {
  const { db, events } = options;

  async function rulesOf(tx: DbOrTransaction, scope: RecomputeScope) {
    const { rows } = await tx.execute<RuleRow>(sql`
      SELECT m.*, coalesce(p.time_zone, 'UTC') AS time_zone,
        coalesce((SELECT json_agg(json_build_object('id', c.id, 'birthdate', c.birthdate::text, 'milestone_reached_at',
                    (SELECT i.milestone_reached_at FROM memory_unlock_instants i WHERE i.memory_id = m.id AND i.child_id = c.id)))
                  FROM children c
                  WHERE c.id IN (SELECT child_id FROM memory_children WHERE memory_id = m.id)), '[]') AS children
      FROM (
        SELECT m.id, m.kind, m.user_id, m.unlock_type, m.unlock_age, m.unlock_date::text AS unlock_date, m.unlock_milestone, m.milestone_reached_at, m.created_at,
               m.kind <> 'video' OR m.processing_status = 'completed' AS ready
        FROM memories m WHERE m.user_id = ${scope.userId} AND ${scopeCondition(scope)}
      ) m LEFT JOIN profiles p ON p.id = m.user_id`);
    return rows;
  }

  /** Stores the instants of the memories in scope (inside the caller's transaction when given one). */
  async function recompute(scope: RecomputeScope, tx: DbOrTransaction = db) {
    const rules = await rulesOf(tx, scope);
    if (rules.length === 0) return;
    const rows = rules.flatMap((rule) => {
      const at = (child: RuleRow["children"][number], milestoneReachedAt: string | null) =>
        rule.ready
          ? opensAt({
              rule: { unlockType: rule.unlock_type, unlockAge: rule.unlock_age, unlockDate: rule.unlock_date, unlockMilestone: rule.unlock_milestone, milestoneReachedAt },
              child,
              savedAt: new Date(rule.created_at),
              timeZone: rule.time_zone,
            })
          : null;
      // A milestone not reached for every child may have been reached for some of them.
      const forChild = (child: RuleRow["children"][number]) =>
        at(child, rule.milestone_reached_at) ?? (rule.unlock_type === "milestone" && child.milestone_reached_at ? at(child, child.milestone_reached_at) : null);
      return rule.children.map((child) => ({
        memory_id: rule.id,
        memory_kind: rule.kind,
        child_id: child.id,
        user_id: rule.user_id,
        unlock_type: rule.unlock_type,
        opens_at: forChild(child)?.toISOString() ?? null,
      }));
    });
    const memoryIds = JSON.stringify(rules.map((rule) => rule.id));
    // Children no longer linked to the memory drop out (an unlock already recorded stays in memory_unlocks).
    await tx.execute(sql`
      DELETE FROM memory_unlock_instants i
      WHERE i.memory_id IN (SELECT value::uuid FROM jsonb_array_elements_text(${memoryIds}::jsonb))
        AND NOT EXISTS (SELECT 1 FROM memory_children l WHERE l.memory_id = i.memory_id AND l.child_id = i.child_id)`);
    if (rows.length === 0) return;
    await tx.execute(sql`
      INSERT INTO memory_unlock_instants (memory_id, memory_kind, child_id, user_id, unlock_type, opens_at)
      SELECT memory_id, memory_kind, child_id, user_id, unlock_type, opens_at
      FROM json_to_recordset(${JSON.stringify(rows)}::json)
        AS r(memory_id uuid, memory_kind text, child_id uuid, user_id text, unlock_type text, opens_at timestamptz)
      ON CONFLICT (memory_id, child_id) DO UPDATE
        SET opens_at = EXCLUDED.opens_at, unlock_type = EXCLUDED.unlock_type, memory_kind = EXCLUDED.memory_kind
        WHERE memory_unlock_instants.unlocked_at IS NULL`);
  }

  /** Records every (memory, child) opened by `now` (one memory's only, when given): returns how many were new. */
  async function recordDue(input: { now: Date; memoryId?: string }) {
    let recorded = 0;
    for (;;) {
      const { rows } = await db.execute<{ id: string }>(recordDueStatement(input));
      recorded += rows.length;
      if (rows.length < BATCH) return recorded;
    }
  }

  // The delivery running in this process, and whether a call came while it ran. A batch's transaction holds a pool
  // connection while its subscribers take another: deliveries side by side, as many as the pool has connections (twenty
  // saves at once), would each hold one and wait for a second for ever. One at a time, a call made meanwhile runs it
  // once more, so what was recorded before any call is delivered when that call resolves.
  let delivering: Promise<number> | null = null;
  let deliverAgain = false;

  /** Delivers recorded unlocks to the subscribers, one delivery at a time in this process; returns how many were delivered. */
  function dispatch(): Promise<number> {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      let delivered = 0;
      do {
        deliverAgain = false;
        delivered += await deliverRecorded();
      } while (deliverAgain);
      return delivered;
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  /** Delivers recorded unlocks to the subscribers, a batch per transaction; returns how many were delivered. */
  async function deliverRecorded() {
    let delivered = 0;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{
          id: string;
          user_id: string;
          memory_id: string;
          memory_kind: MemoryKind;
          child_id: string;
          unlock_type: UnlockType;
          unlocked_at: string;
          title: string;
          child_name: string;
          released_early: boolean;
        }>(sql`
          SELECT u.id, u.user_id, u.memory_id, u.memory_kind, u.child_id, u.unlock_type, u.unlocked_at, u.released_early, m.title, c.name AS child_name
          FROM memory_unlocks u
          JOIN children c ON c.id = u.child_id
          JOIN memories m ON m.id = u.memory_id
          WHERE u.dispatched_at IS NULL
          ORDER BY u.recorded_at LIMIT 100
          FOR UPDATE OF u SKIP LOCKED`);
        for (const row of rows) {
          await events.emit("memory.unlocked", {
            userId: row.user_id,
            memoryId: row.memory_id,
            kind: row.memory_kind,
            childId: row.child_id,
            unlockType: row.unlock_type,
            unlockedAt: new Date(row.unlocked_at),
            releasedEarly: row.released_early,
            title: row.title,
            childName: row.child_name,
          });
        }
        if (rows.length > 0) {
          await tx.execute(sql`UPDATE memory_unlocks SET dispatched_at = now()
            WHERE id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(rows.map((row) => row.id))}::jsonb))`);
        }
        return rows.length;
      });
      delivered += count;
      if (count < 100) return delivered;
    }
  }

  /**
   * Dad's legacy release: every memory he marked 'Release early if something happens to me' opens now
   * for each of its children it has not opened for yet (recorded with released_early, so delivery says
   * why), then is dispatched like any unlock. A video not yet processed cannot be played and is left to
   * its own rule. Safe to run twice or on two nodes: the unique (memory, child) records each once.
   */
  async function releaseEarly(input: { userId: string; now: Date }) {
    const { rows } = await db.execute<{ id: string }>(sql`
      WITH marked AS (
        SELECT i.ctid FROM memory_unlock_instants i
        JOIN memories m ON m.id = i.memory_id
        WHERE i.user_id = ${input.userId} AND i.unlocked_at IS NULL
          AND m.release_early AND (m.kind <> 'video' OR m.processing_status = 'completed')
        FOR UPDATE OF i SKIP LOCKED
      ), opened AS (
        UPDATE memory_unlock_instants i SET unlocked_at = ${input.now.toISOString()}::timestamptz
        WHERE i.ctid = ANY (ARRAY(SELECT ctid FROM marked))
        RETURNING i.memory_id, i.memory_kind, i.child_id, i.user_id, i.unlock_type
      )
      INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at, released_early)
      SELECT memory_id, memory_kind, child_id, user_id, unlock_type, ${input.now.toISOString()}::timestamptz, true FROM opened
      ON CONFLICT (memory_id, child_id) DO NOTHING
      RETURNING id`);
    await dispatch();
    return rows.length;
  }

  /** What a legacy release opened: each memory and child, when (Settings shows it after a false alarm). */
  async function releasedEarly(input: { userId: string }) {
    const { rows } = await db.execute<{ memory_id: string; title: string; child_name: string; unlocked_at: string }>(sql`
      SELECT u.memory_id, m.title, c.name AS child_name, u.unlocked_at
      FROM memory_unlocks u
      JOIN children c ON c.id = u.child_id
      JOIN memories m ON m.id = u.memory_id
      WHERE u.user_id = ${input.userId} AND u.released_early
      ORDER BY u.unlocked_at DESC, title, c.name`);
    return rows.map((row) => ({ memoryId: row.memory_id, title: row.title, childName: row.child_name, releasedAt: new Date(row.unlocked_at).toISOString() }));
  }

  /**
   * Whether every unlock Dad's legacy release recorded has reached the 'memory.unlocked' subscribers.
   * A dispatch marks its batch only after every subscriber has run, so until then its rows read as not dispatched.
   */
  async function releaseDispatched(input: { userId: string }) {
    const { rows } = await db.execute(sql`SELECT 1 FROM memory_unlocks WHERE user_id = ${input.userId} AND released_early AND dispatched_at IS NULL LIMIT 1`);
    return rows.length === 0;
  }

  /** How many of Dad's memories are marked 'Release early if something happens to me'. */
  async function markedCount(input: { userId: string }) {
    const { rows } = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM memories WHERE user_id = ${input.userId} AND release_early`);
    return rows[0]?.n ?? 0;
  }

  /**
   * A milestone reached for one child only (its guardians confirmed it on the child's page): stored on that
   * child's row, then `recompute` opens the memory for that child alone. Set once; false when the
   * memory is not linked to the child.
   */
  async function reachForChild(input: { userId: string; memoryId: string; childId: string; at: Date }, tx: DbOrTransaction = db) {
    const { rows } = await tx.execute(sql`
      UPDATE memory_unlock_instants SET milestone_reached_at = coalesce(milestone_reached_at, ${input.at.toISOString()}::timestamptz)
      WHERE user_id = ${input.userId} AND memory_id = ${input.memoryId}::uuid AND child_id = ${input.childId}::uuid
      RETURNING 1`);
    return rows.length > 0;
  }

  /**
   * One milestone memory as one child's guardians see it, read through the (memory, child) key alone: its
   * milestone text and kind, and whether it is still sealed for that child (not recorded as opened, and not
   * reached for the child or by Dad's 'Unlock now' while its unlock waits to be recorded). Undefined when the
   * memory is not the account's, not the child's, or not a milestone.
   */
  async function milestoneForChild(input: { userId: string; memoryId: string; childId: string }, tx: DbOrTransaction = db) {
    const { rows } = await tx.execute<{ milestone: string | null; kind: MemoryKind; sealed: boolean }>(sql`
      SELECT m.unlock_milestone AS milestone, i.memory_kind AS kind,
        (i.unlocked_at IS NULL AND i.milestone_reached_at IS NULL AND m.milestone_reached_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM memory_unlocks u WHERE u.memory_id = i.memory_id AND u.child_id = i.child_id)) AS sealed
      FROM memory_unlock_instants i
      JOIN memories m ON m.id = i.memory_id
      WHERE i.memory_id = ${input.memoryId}::uuid AND i.child_id = ${input.childId}::uuid AND i.user_id = ${input.userId}
        AND m.unlock_type = 'milestone'`);
    const [row] = rows;
    return row?.milestone ? { milestone: row.milestone, kind: row.kind, sealed: row.sealed } : undefined;
  }

  /**
   * Forgets a milestone reached for one child (a guardian's confirmation undone before delivery):
   * that child's row waits again and its recorded unlock is dropped, so that it opens (and is
   * delivered) once more when its rule says so. The other children's rows are left as they are.
   */
  async function unreachForChild(input: { userId: string; memoryId: string; childId: string }) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM memory_unlocks WHERE user_id = ${input.userId} AND memory_id = ${input.memoryId}::uuid AND child_id = ${input.childId}::uuid`);
      await tx.execute(sql`
        UPDATE memory_unlock_instants SET milestone_reached_at = NULL, opens_at = NULL, unlocked_at = NULL
        WHERE user_id = ${input.userId} AND memory_id = ${input.memoryId}::uuid AND child_id = ${input.childId}::uuid`);
    });
  }

  /**
   * The children one memory is still to open for, each with the instant it opens (an age rule: that child's own
   * birthday) and its rule's type: what the family's delivery forecasts. A child whose instant is not known yet (a
   * milestone not reached, a video being processed) is left out.
   */
  async function waitingOpenings(input: { userId: string; memoryId: string }) {
    const { rows } = await db.execute<{ child_id: string; opens_at: string; unlock_type: UnlockType }>(sql`
      SELECT child_id::text AS child_id, opens_at, unlock_type FROM memory_unlock_instants
      WHERE user_id = ${input.userId} AND memory_id = ${input.memoryId}::uuid AND unlocked_at IS NULL AND opens_at IS NOT NULL`);
    return rows.map((row) => ({ childId: row.child_id, opensAt: new Date(row.opens_at), unlockType: row.unlock_type }));
  }

  return {
    recompute,
    recordDue,
    waitingOpenings,
    reachForChild,
    milestoneForChild,
    unreachForChild,
    dispatch,
    releaseEarly,
    markedCount,
    releasedEarly,
    releaseDispatched,
    /** The job's run (and what a save does for one memory): record what has opened, then deliver it. */
    async run(input: { now: Date; memoryId?: string }) {
      const recorded = await recordDue(input);
      const delivered = await dispatch();
      return { recorded, delivered };
    },
  };
}

export type MemoryUnlocks = ReturnType<typeof createMemoryUnlocks>;

/** Every two minutes: record the unlocks whose instant has come, deliver those not yet delivered. */
export const recordUnlocksJob = (unlocks: MemoryUnlocks, clock: () => Date): CronJob => ({ name: "record-memory-unlocks", cron: "*/2 * * * *", run: () => unlocks.run({ now: clock() }) });
