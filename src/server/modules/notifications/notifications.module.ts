import type { EmailOutbox } from "../email/email.types";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { notificationsDailyJob } from "./notifications.jobs";
import { createNotificationsRepository } from "./notifications.repository";
import { registerNotificationsRoutes } from "./notifications.routes";
import { createNotificationsUsecases, type NotificationsUsecasesOptions } from "./notifications.usecases";

/** The bell: its daily birthday job, and its reactions to memories unlocking and videos finishing. */
export async function createNotificationsModule(
  infra: ModuleInfrastructure,
  options: { outbox: EmailOutbox; appUrl: string; wantsEmail: NotificationsUsecasesOptions["wantsEmail"] },
) {
  const notifications = createNotificationsUsecases({ repository: createNotificationsRepository(infra.db), ...options });
  await infra.jobs.schedule(notificationsDailyJob(notifications));
  infra.events.on("memory.unlocked", (event) => notifications.memoryUnlocked(event));
  infra.events.on("video.ready", (event) => notifications.videoReady(event));
  infra.events.on("video.failed", (event) => notifications.videoFailed(event));
  return { notifications, routes: registerNotificationsRoutes({ notifications }) };
}
