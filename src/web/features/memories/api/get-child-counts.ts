import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type ChildCount = { childId: string; name: string; total: number; imageUrl: string | null };

export const childCountsQueryKey = queryKeys.memories.childCounts;

/** The dad's children with how many memories each has (also the list the record form picks from). */
export function childCountsQueryOptions() {
  return queryOptions({
    queryKey: childCountsQueryKey,
    queryFn: ({ signal }) => apiClient.get<{ children: ChildCount[] }>("/api/memories/child-counts", { signal }).then((r) => r.children),
  });
}

export function useChildCounts() {
  return useQuery(childCountsQueryOptions());
}
