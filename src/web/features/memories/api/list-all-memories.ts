import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { MemoryKind } from "../../../../shared/memories";
import { queryKeys } from "../../../lib/query-keys";
import { listMemories, stillProcessing } from "./list-memories";

const VAULT_PAGE = 500;

/**
 * Every memory of one kind, walked with the list's cursor in pages of 500, one after another:
 * the vault searches, filters and sorts the whole tab in the browser and renders it a slice at a time.
 */
export function useAllMemories(kind: MemoryKind) {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.memories.all, "vault", kind],
    queryFn: ({ pageParam, signal }) => listMemories({ kind, cursor: pageParam, limit: VAULT_PAGE, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) => (stillProcessing(query.state.data?.pages) ? 3000 : false),
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);
  return query;
}
