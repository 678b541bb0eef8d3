import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Guardian } from "../../../../shared/guardians";
import { apiClient } from "../../../lib/api-client";

export const guardiansQueryKey = ["guardians"] as const;

/** Dad's guardians and how many of them must confirm a milestone. */
export const listGuardians = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<{ guardians: Guardian[]; confirmationsNeeded: number }>("/api/guardians", { signal });

export function guardiansQueryOptions() {
  return queryOptions({ queryKey: guardiansQueryKey, queryFn: ({ signal }) => listGuardians({ signal }) });
}

export function useGuardians() {
  return useQuery(guardiansQueryOptions());
}
