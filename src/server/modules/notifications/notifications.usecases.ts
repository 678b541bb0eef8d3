import { BIRTHDAY_NOTICE_DAYS, notificationTitle, type NotificationType } from "../../../shared/notifications";
import type { EmailOutbox } from "../email/email.usecases";
import { renderEmail } from "../email/email.templates";
import type { NewNotification, NotificationsRepository } from "./notifications.repository";

/** A memory that unlocked for a child (supplied by the memories modules). */
export type UnlockedMemory = { userId: string; childId: string; childName: string; memoryId: string; title: string };

export type NotificationsUsecasesOptions = {
  repository: NotificationsRepository;
  outbox: EmailOutbox;
  appUrl: string;
  /**
   * Sources of memory_unlocked items: each returns the memories unlocked as of `now`. Empty until
   * the narrations/videos modules plug theirs in (they know the unlock rules and their tables).
   */
  unlockSources?: Array<(now: Date) => Promise<UnlockedMemory[]>>;
  /** The user's email_notifications setting (the settings module plugs it in; default on, per spec). */
  wantsEmail?: (userId: string) => Promise<boolean>;
};

export function createNotificationsUsecases(options: NotificationsUsecasesOptions) {
  const { repository } = options;
  const wantsEmail = options.wantsEmail ?? (async () => true);

  async function emailEach(rows: Array<{ userId: string; childName: string; type: NotificationType; message: string }>) {
    for (const row of rows) {
      if (!(await wantsEmail(row.userId))) continue;
      const to = await repository.emailOf(row.userId);
      if (!to) continue;
      const title = notificationTitle(row.childName, row.type);
      await options.outbox.queue({
        to,
        subject: title,
        ...renderEmail({ heading: title, paragraphs: [row.message], action: { label: "Open Hey Dad", url: `${options.appUrl}/dashboard` } }),
      });
    }
  }

  return {
    async list(userId: string) {
      const [items, unreadCount] = await Promise.all([repository.latest(userId), repository.unreadCount(userId)]);
      return {
        unreadCount,
        items: items.map((row) => ({
          id: row.id,
          childId: row.childId,
          childName: row.childName,
          type: row.type,
          title: notificationTitle(row.childName, row.type),
          message: row.message,
          read: row.read,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async markAllRead(userId: string) {
      await repository.markAllRead(userId);
      return { ok: true };
    },

    /** Writes notifications from elsewhere (video_ready / video_failed from the processing pipeline). */
    async notify(rows: NewNotification[]) {
      const created = await repository.insertOnce(rows);
      await emailEach(created);
      return created;
    },

    /** The daily job: birthday_soon and memory_unlocked, each once per item and day, emailed when wanted. */
    async runDaily(now = new Date()) {
      const rows: NewNotification[] = [];
      for (const child of await repository.birthdaysIn(BIRTHDAY_NOTICE_DAYS)) {
        rows.push({
          userId: child.user_id,
          childId: child.child_id,
          childName: child.child_name,
          type: "birthday_soon",
          message: `${child.child_name} turns ${child.turns} in ${BIRTHDAY_NOTICE_DAYS} days. A good week to record something for the day.`,
          dedupeKey: `birthday_soon:${child.child_id}:${child.birthday}`,
        });
      }
      for (const source of options.unlockSources ?? []) {
        for (const memory of await source(now)) {
          rows.push({
            userId: memory.userId,
            childId: memory.childId,
            childName: memory.childName,
            type: "memory_unlocked",
            message: `"${memory.title}" is now unlocked for ${memory.childName}.`,
            dedupeKey: `memory_unlocked:${memory.memoryId}:${memory.childId}`,
          });
        }
      }
      const created = await repository.insertOnce(rows);
      await emailEach(created);
      return { created: created.length };
    },
  };
}

export type NotificationsUsecases = ReturnType<typeof createNotificationsUsecases>;
