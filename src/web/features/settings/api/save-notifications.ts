import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountSettings, NotificationSettings } from "../../../../shared/settings";
import { apiClient } from "../../../lib/api-client";
import { settingsQueryKey } from "./get-settings";

export const saveNotifications = (values: NotificationSettings) => apiClient.put<AccountSettings>("/api/settings/notifications", values);

export function useSaveNotifications() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNotifications, onSuccess: (settings) => queryClient.setQueryData(settingsQueryKey, settings) });
}
