import { BIRTHDAY_NOTICE_DAYS, childLink, memoryLink, notificationHref, notificationTitle, type NotificationType } from "../../../shared/notifications";
import { isBirthdayOn, parseCalendarDate } from "../../../shared/calendar";
import type { AppEvents } from "../../events/events";
import type { EmailOutbox } from "../email/email.types";
import { renderEmail } from "../email/email.templates";
import { notificationErrors } from "./notifications.errors";
import type { NewNotification, NotificationsRepository } from "./notifications.repository";

export type NotificationsUsecasesOptions = {
  repository: NotificationsRepository;
  outbox: EmailOutbox;
  appUrl: string;
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
          href: notificationHref(row),
          read: row.read,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    async markAllRead(userId: string) {
      await repository.markAllRead(userId);
      return { ok: true };
    },

    /** The entry Dad opened from the bell is read (another user's, or none, is not found). */
    async markRead(input: { userId: string; id: string }) {
      if (!(await repository.markRead(input))) throw notificationErrors.notFound();
      return { ok: true };
    },

    /** Writes notifications from elsewhere (video_ready / video_failed from the processing pipeline). */
    async notify(rows: NewNotification[]) {
      const created = await repository.insertOnce(rows);
      await emailEach(created);
      return created;
    },

    /**
     * 'memory.unlocked' (a subscriber, so idempotent: one bell row per memory and child by dedupe key).
     * A memory meant to open at once ('now') is not announced, as before.
     */
    async memoryUnlocked(event: AppEvents["memory.unlocked"]) {
      if (event.unlockType === "now") return;
      await this.notify([
        {
          userId: event.userId,
          childId: event.childId,
          childName: event.childName,
          type: "memory_unlocked",
          message: `"${event.title}" is now unlocked for ${event.childName}.`,
          dedupeKey: `memory_unlocked:${event.memoryId}:${event.childId}`,
          link: memoryLink(event.kind, event.memoryId),
        },
      ]);
    },

    async videoReady(event: AppEvents["video.ready"]) {
      const { userId, childId, childName } = event;
      await this.notify([{ userId, childId, childName, type: "video_ready", message: `'${event.title}' is ready to watch.`, dedupeKey: `video_ready:${event.videoId}`, link: memoryLink("video", event.videoId) }]);
    },

    async videoFailed(event: AppEvents["video.failed"]) {
      const { userId, childId, childName } = event;
      await this.notify([
        { userId, childId, childName, type: "video_failed", message: `'${event.title}' could not be processed: ${event.error}`, dedupeKey: `video_failed:${event.videoId}`, link: memoryLink("video", event.videoId) },
      ]);
    },

    /** The daily job: birthday_soon, once per child and birthday, emailed when wanted. */
    async runDaily() {
      const rows: NewNotification[] = [];
      for (const child of await repository.birthdayCandidatesIn(BIRTHDAY_NOTICE_DAYS)) {
        const birthdate = parseCalendarDate(child.birthdate);
        const target = parseCalendarDate(child.target);
        if (!isBirthdayOn(birthdate, target)) continue;
        const turns = target.year - birthdate.year;
        rows.push({
          userId: child.user_id,
          childId: child.child_id,
          childName: child.child_name,
          type: "birthday_soon",
          message: `${child.child_name} turns ${turns} in ${BIRTHDAY_NOTICE_DAYS} days. A good week to record something for the day.`,
          dedupeKey: `birthday_soon:${child.child_id}:${child.target}`,
          link: childLink(child.child_id),
        });
      }
      const created = await repository.insertOnce(rows);
      await emailEach(created);
      return { created: created.length };
    },
  };
}

export type NotificationsUsecases = ReturnType<typeof createNotificationsUsecases>;
