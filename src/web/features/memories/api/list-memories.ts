import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { DashboardFilter, MemoryPage } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function listMemories(input: { kind: DashboardFilter; childId?: string; cursor: string | null; limit: number; signal?: AbortSignal }) {
  const params = new URLSearchParams({ kind: input.kind, limit: String(input.limit) });
  if (input.childId) params.set("childId", input.childId);
  if (input.cursor) params.set("cursor", input.cursor);
  return apiClient.get<MemoryPage>(`/api/memories?${params}`, { signal: input.signal });
}

/** True while a video in these pages is still processing (the lists poll until it is done). */
export const stillProcessing = (pages: MemoryPage[] | undefined) => pages?.some((page) => page.items.some((item) => item.kind === "video" && item.processing.status === "processing")) ?? false;

/**
 * Every kind newest first, one page at a time (the dashboard shows a page and loads more on request).
 * Polls every 3 s while a video on screen is still processing, so its card turns ready by itself.
 */
export function memoriesQueryOptions(input: { kind: DashboardFilter; pageSize: number; childId?: string }) {
  return infiniteQueryOptions({
    queryKey: [...queryKeys.memories.all, input.kind, input.pageSize, input.childId ?? "all-children"],
    queryFn: ({ pageParam, signal }) => listMemories({ kind: input.kind, childId: input.childId, cursor: pageParam, limit: input.pageSize, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => (stillProcessing(query.state.data?.pages) ? 3000 : false),
  });
}

export function useMemories(input: { kind: DashboardFilter; pageSize: number; childId?: string }) {
  return useInfiniteQuery(memoriesQueryOptions(input));
}
