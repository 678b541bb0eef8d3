import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { DashboardFilter, MemoryPage } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";

export const memoriesQueryKey = ["memories"] as const;

export function listMemories(input: { kind: DashboardFilter; childId?: string; cursor: string | null; limit: number; signal?: AbortSignal }) {
  const params = new URLSearchParams({ kind: input.kind, limit: String(input.limit) });
  if (input.childId) params.set("childId", input.childId);
  if (input.cursor) params.set("cursor", input.cursor);
  return apiClient.get<MemoryPage>(`/api/memories?${params}`, { signal: input.signal });
}

/** Newest first, one page at a time (the dashboard shows a page and loads more on request). */
export function memoriesQueryOptions(input: { kind: DashboardFilter; pageSize: number; childId?: string }) {
  return infiniteQueryOptions({
    queryKey: [...memoriesQueryKey, input.kind, input.pageSize, input.childId ?? "all-children"],
    queryFn: ({ pageParam, signal }) => listMemories({ kind: input.kind, childId: input.childId, cursor: pageParam, limit: input.pageSize, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMemories(input: { kind: DashboardFilter; pageSize: number; childId?: string }) {
  return useInfiniteQuery(memoriesQueryOptions(input));
}
