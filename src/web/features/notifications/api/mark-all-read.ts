import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { notificationsQueryKey } from "./get-notifications";

export const markAllNotificationsRead = () => apiClient.post<{ ok: boolean }>("/api/notifications/mark-all-read");

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }) });
}
