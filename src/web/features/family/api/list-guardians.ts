import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Guardian } from "../../../../shared/guardians";
import { apiClient } from "../../../lib/api-client";

export const guardiansQueryKey = ["guardians"] as const;

export const listGuardians = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ guardians: Guardian[] }>("/api/guardians", { signal }).then((response) => response.guardians);

export function guardiansQueryOptions() {
  return queryOptions({ queryKey: guardiansQueryKey, queryFn: ({ signal }) => listGuardians({ signal }) });
}

export function useGuardians() {
  return useQuery(guardiansQueryOptions());
}
