import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LegacySettingsInput, LegacyStatus } from "../../../../shared/guardians";
import { apiClient } from "../../../lib/api-client";
import { guardiansQueryKey } from "./list-guardians";

/** Under the guardians' key: adding or accepting a guardian refreshes it too. */
export const legacyQueryKey = [...guardiansQueryKey, "legacy"] as const;

export function legacyQueryOptions() {
  return queryOptions({ queryKey: legacyQueryKey, queryFn: ({ signal }) => apiClient.get<{ legacy: LegacyStatus }>("/api/guardians/legacy", { signal }) });
}

export const useLegacy = () => useQuery(legacyQueryOptions());

export function useSaveLegacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LegacySettingsInput) => apiClient.put<{ legacy: LegacyStatus }>("/api/guardians/legacy", input),
    onSuccess: (data) => queryClient.setQueryData(legacyQueryKey, data),
  });
}
