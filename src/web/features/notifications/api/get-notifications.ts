import { queryOptions, useQuery } from "@tanstack/react-query";
import type { NotificationType } from "../../../../shared/notifications";
import { apiClient } from "../../../lib/api-client";

export type NotificationItem = {
  id: string;
  childId: string | null;
  childName: string;
  type: NotificationType;
  title: string;
  message: string;
  /** The in-app page it is about (the video, the memory, the child). */
  href: string;
  read: boolean;
  createdAt: string;
};

export const notificationsQueryKey = ["notifications"] as const;

export const getNotifications = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ unreadCount: number; items: NotificationItem[] }>("/api/notifications", { signal });

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications({ signal }), refetchInterval: 60_000 });

export const useNotifications = (options: { enabled: boolean }) => useQuery({ ...notificationsQueryOptions(), enabled: options.enabled });
