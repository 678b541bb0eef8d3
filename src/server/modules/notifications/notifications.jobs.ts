import type { CronJob } from "../../jobs/job-queue";
import type { NotificationsUsecases } from "./notifications.usecases";

/** Once a day (07:00 UTC): birthday_soon notifications (memory_unlocked follows the unlock events). Safe to run again. */
export const notificationsDailyJob = (notifications: NotificationsUsecases): CronJob => ({ name: "notifications-daily", cron: "0 7 * * *", run: () => notifications.runDaily() });
