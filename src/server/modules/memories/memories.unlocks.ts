import { sql } from "drizzle-orm";
import { unlockStatus, type UnlockType } from "../../../shared/unlock-rules";
import type { Database } from "../../db/client";

type LockableRow = {
  id: string;
  user_id: string;
  title: string;
  unlock_type: UnlockType;
  unlock_age: number | null;
  unlock_date: string | null;
  unlock_milestone: string | null;
  milestone_reached_at: Date | null;
  time_zone: string;
  child_id: string;
  child_name: string;
  birthdate: string;
};

/**
 * Memories of every kind (narrations, quick notes, finished videos) that were locked by a rule and
 * are unlocked at `now`, one entry per assigned child. The daily notifications job writes each
 * once, so a memory is announced on the day it opens.
 */
export function createUnlockedMemoriesSource(db: Database) {
  return async (now: Date) => {
    const { rows } = await db.execute<LockableRow>(sql`
      SELECT m.id, m.user_id, m.title, m.unlock_type, m.unlock_age, m.unlock_date::text AS unlock_date, m.unlock_milestone,
             m.milestone_reached_at, p.time_zone, c.id AS child_id, c.name AS child_name, c.birthdate::text AS birthdate
      FROM (
        SELECT id, user_id, title, unlock_type, unlock_age, unlock_date, unlock_milestone, milestone_reached_at FROM narrations WHERE unlock_type <> 'now'
        UNION ALL
        SELECT id, user_id, title, unlock_type, unlock_age, unlock_date, unlock_milestone, milestone_reached_at FROM videos
        WHERE unlock_type <> 'now' AND processing_status = 'completed'
      ) m
      JOIN profiles p ON p.id = m.user_id
      JOIN (SELECT narration_id AS memory_id, child_id FROM narration_children UNION ALL SELECT video_id, child_id FROM video_children) link ON link.memory_id = m.id
      JOIN children c ON c.id = link.child_id`);

    const byMemory = new Map<string, LockableRow[]>();
    for (const row of rows) byMemory.set(row.id, [...(byMemory.get(row.id) ?? []), row]);
    return [...byMemory.values()].flatMap((memoryRows) => {
      const [first] = memoryRows;
      const status = unlockStatus({
        rule: {
          unlockType: first.unlock_type,
          unlockAge: first.unlock_age,
          unlockDate: first.unlock_date,
          unlockMilestone: first.unlock_milestone,
          milestoneReachedAt: first.milestone_reached_at,
        },
        children: memoryRows.map((row) => ({ birthdate: row.birthdate })),
        now,
        timeZone: first.time_zone,
      });
      if (!status.unlocked) return [];
      return memoryRows.map((row) => ({ userId: row.user_id, childId: row.child_id, childName: row.child_name, memoryId: row.id, title: row.title }));
    });
  };
}
