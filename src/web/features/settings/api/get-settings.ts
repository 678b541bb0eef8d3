import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AccountSettings } from "../../../../shared/settings";
import { apiClient } from "../../../lib/api-client";

export const settingsQueryKey = ["settings"] as const;

export const getSettings = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<AccountSettings>("/api/settings", { signal });

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings({ signal }) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
