import type { Database } from "../../db/client";
import { notifications } from "./notifications.table";

export type NotificationType = "video_ready" | "video_failed";

export function createNotificationsRepository(db: Database) {
  return {
    create: (input: { userId: string; type: NotificationType; message: string; childId?: string | null; childName?: string | null }) =>
      db.insert(notifications).values({ userId: input.userId, type: input.type, message: input.message, childId: input.childId ?? null, childName: input.childName ?? null }),
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
