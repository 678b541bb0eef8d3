export const NOTIFICATION_TYPE_LABELS = {
  memory_unlocked: "Memory unlocked",
  birthday_soon: "Birthday soon",
  video_ready: "Video ready",
  video_failed: "Video failed",
} as const;

export type NotificationType = keyof typeof NOTIFICATION_TYPE_LABELS;

/** Days ahead of a birthday the birthday_soon notification is written. */
export const BIRTHDAY_NOTICE_DAYS = 7;

/** The entry title of the panel: '{child name} - {type}'. */
export const notificationTitle = (childName: string, type: NotificationType) =>
  childName ? `${childName} - ${NOTIFICATION_TYPE_LABELS[type]}` : NOTIFICATION_TYPE_LABELS[type];

export const NOTIFICATIONS_LIST_LIMIT = 5;

/** The vault opens the memory given by these (kind tab, then the memory itself). */
export const VAULT_OPEN_PARAM = "open";
export const VAULT_KIND_PARAM = "kind";

/** Where a memory opens: its tab of the vault, with it open. */
export const memoryLink = (kind: "narration" | "note" | "video", memoryId: string) =>
  `/vault?${VAULT_KIND_PARAM}=${kind}&${VAULT_OPEN_PARAM}=${encodeURIComponent(memoryId)}`;

/** Where a child's page is (every memory for the child). */
export const childLink = (childId: string) => `/videos?child=${encodeURIComponent(childId)}`;

/**
 * What an entry of the bell opens: its stored link, else (rows written before links were stored)
 * what its dedupe key names: a video, or the child; a memory unlocked then opens the vault.
 */
export function notificationHref(row: { type: NotificationType; link: string | null; dedupeKey: string; childId: string | null }) {
  if (row.link) return row.link;
  const [, id] = row.dedupeKey.split(":");
  if ((row.type === "video_ready" || row.type === "video_failed") && id) return memoryLink("video", id);
  if (row.type === "birthday_soon" && row.childId) return childLink(row.childId);
  return "/vault";
}
