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

    /** Writes each row once (per user and dedupe key); returns only the rows new this time. */
    insertOnce: async (rows: NewNotification[]) =>
      rows.length === 0 ? [] : db.insert(notifications).values(rows).onConflictDoNothing().returning(),

    /**
     * Children whose birthday falls exactly `days` days after today in their dad's time zone,
     * with the age they turn (29 February birthdays count on 28 February in other years).
     */
    async birthdaysIn(days: number) {
      const result = await db.execute<{ user_id: string; email: string; child_id: string; child_name: string; turns: number; birthday: string }>(sql`
        WITH upcoming AS (
          SELECT c.user_id, p.email, c.id AS child_id, c.name AS child_name, c.birthdate,
                 ((now() AT TIME ZONE p.time_zone)::date + ${days}::int) AS target
          FROM children c JOIN profiles p ON p.id = c.user_id
        )
        SELECT user_id, email, child_id, child_name,
               (extract(year FROM target) - extract(year FROM birthdate))::int AS turns,
               to_char(target, 'YYYY-MM-DD') AS birthday
        FROM upcoming
        WHERE target > birthdate AND (
          to_char(birthdate, 'MM-DD') = to_char(target, 'MM-DD')
          OR (to_char(birthdate, 'MM-DD') = '02-29' AND to_char(target, 'MM-DD') = '02-28'
              AND extract(day FROM (date_trunc('year', target) + interval '1 month 28 days')) <> 29)
        )`);
      return result.rows;
    },

    emailOf: async (userId: string) =>
      (await db.execute<{ email: string }>(sql`SELECT email FROM profiles WHERE id = ${userId}`)).rows[0]?.email,
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
