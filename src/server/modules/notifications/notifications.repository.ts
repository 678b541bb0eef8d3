import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { NOTIFICATIONS_LIST_LIMIT } from "../../../shared/notifications";
import { notifications } from "./notifications.table";

export type NewNotification = typeof notifications.$inferInsert;

export function createNotificationsRepository(db: Database) {
  return {
    latest: (userId: string) =>
      db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(NOTIFICATIONS_LIST_LIMIT),

    unreadCount: async (userId: string) =>
      (await db.select({ value: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.read, false))))[0]?.value ?? 0,

    markAllRead: (userId: string) =>
      db.update(notifications).set({ read: true }).where(and(eq(notifications.userId, userId), eq(notifications.read, false))),

    /** Marks one of the user's notifications read; false when the user has none with that id. */
    markRead: async (input: { userId: string; id: string }) =>
      (await db.update(notifications).set({ read: true }).where(and(eq(notifications.userId, input.userId), eq(notifications.id, input.id))).returning({ id: notifications.id })).length > 0,

    /** Writes each row once (per user and dedupe key); returns only the rows new this time. */
    insertOnce: async (rows: NewNotification[]) =>
      rows.length === 0 ? [] : db.insert(notifications).values(rows).onConflictDoNothing().returning(),

    /**
     * Children who may have a birthday `days` days after today in their dad's time zone: the day and
     * month match, or the child was born on 29 February and that day is 28 February. The calendar
     * module decides which of them really do (`birthdayInYear`, the one 29 February rule).
     */
    async birthdayCandidatesIn(days: number) {
      const result = await db.execute<{ user_id: string; child_id: string; child_name: string; birthdate: string; target: string }>(sql`
        WITH upcoming AS (
          SELECT c.user_id, c.id AS child_id, c.name AS child_name, c.birthdate,
                 ((now() AT TIME ZONE p.time_zone)::date + ${days}::int) AS target
          FROM children c JOIN profiles p ON p.id = c.user_id
        )
        SELECT user_id, child_id, child_name, to_char(birthdate, 'YYYY-MM-DD') AS birthdate, to_char(target, 'YYYY-MM-DD') AS target
        FROM upcoming
        WHERE to_char(birthdate, 'MM-DD') = to_char(target, 'MM-DD')
           OR (to_char(birthdate, 'MM-DD') = '02-29' AND to_char(target, 'MM-DD') = '02-28')`);
      return result.rows;
    },

    emailOf: async (userId: string) =>
      (await db.execute<{ email: string }>(sql`SELECT email FROM profiles WHERE id = ${userId}`)).rows[0]?.email,
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
