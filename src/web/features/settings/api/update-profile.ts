import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountSettings, ProfileInput } from "../../../../shared/settings";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { settingsQueryKey } from "./get-settings";

export const updateProfile = (values: ProfileInput) => apiClient.put<AccountSettings>("/api/settings/profile", values);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryKey, settings);
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      // The checklist's "What's your name?" ticks at once.
      void queryClient.invalidateQueries({ queryKey: queryKeys.checklist });
    },
  });
}
