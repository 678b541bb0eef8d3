import { queryKeys } from "../../../lib/query-keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Child } from "../../../../shared/children";
import { apiClient } from "../../../lib/api-client";

export const childrenQueryKey = queryKeys.children.all;

export const listChildren = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ children: Child[] }>("/api/children", { signal }).then((response) => response.children);

export function childrenQueryOptions() {
  // Photo links are signed for an hour: refresh well before they run out.
  return queryOptions({ queryKey: childrenQueryKey, queryFn: ({ signal }) => listChildren({ signal }), staleTime: 5 * 60_000, refetchInterval: 45 * 60_000 });
}

export function useChildren() {
  return useQuery(childrenQueryOptions());
}
