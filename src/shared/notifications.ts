export const NOTIFICATION_TYPE_LABELS = {
  memory_unlocked: "Memory unlocked",
  birthday_soon: "Birthday soon",
  video_ready: "Video ready",
  video_failed: "Video failed",
} as const;

export type NotificationType = keyof typeof NOTIFICATION_TYPE_LABELS;

/** Days ahead of a birthday the birthday_soon notification is written (decisions 2.12). */
export const BIRTHDAY_NOTICE_DAYS = 7;

/** The entry title of the panel: '{child name} - {type}'. */
export const notificationTitle = (childName: string, type: NotificationType) =>
  childName ? `${childName} - ${NOTIFICATION_TYPE_LABELS[type]}` : NOTIFICATION_TYPE_LABELS[type];

export const NOTIFICATIONS_LIST_LIMIT = 5;
