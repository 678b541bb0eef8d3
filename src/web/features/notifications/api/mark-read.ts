import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { type NotificationItem, notificationsQueryKey } from "./get-notifications";

export const markNotificationRead = (id: string) => apiClient.post<{ ok: boolean }>(`/api/notifications/${encodeURIComponent(id)}/read`);

type NotificationList = { unreadCount: number; items: NotificationItem[] };

/**
 * The entry Dad opened is read: the dot and the badge change at once (before the server answers),
 * and the list is read again afterwards either way.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) =>
        list
          ? {
              unreadCount: Math.max(0, list.unreadCount - (list.items.some((item) => item.id === id && !item.read) ? 1 : 0)),
              items: list.items.map((item) => (item.id === id ? { ...item, read: true } : item)),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
