import { z } from "zod";
import type { NotificationsUsecases } from "./notifications.usecases";
import type { JobDefinition } from "../../jobs/job-queue";

export const notificationsDailyPayload = z.object({}).passthrough();

/** Once a day (07:00 UTC): birthday_soon notifications (memory_unlocked follows the unlock events). Safe to run again. */
export const NOTIFICATIONS_DAILY_CRON = "0 7 * * *";

export function createNotificationsDailyJob(notifications: NotificationsUsecases): JobDefinition<typeof notificationsDailyPayload> {
  return {
    name: "notifications-daily",
    schema: notificationsDailyPayload,
    retryLimit: 3,
    handle: async () => {
      await notifications.runDaily();
    },
  };
}
