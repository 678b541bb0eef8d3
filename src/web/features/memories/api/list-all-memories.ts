import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../../../lib/query-keys";
import { listMemories, stillProcessing } from "./list-memories";

const VAULT_PAGE = 500;

/**
 * Every memory of every kind, walked with the list's cursor in pages of 500, one after another:
 * the vault picks the tab, searches, filters and sorts in the browser (so a search on one tab can
 * say what the others hold) and renders a slice at a time.
 */
export function useAllMemories() {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.memories.all, "vault"],
    queryFn: ({ pageParam, signal }) => listMemories({ kind: "all", cursor: pageParam, limit: VAULT_PAGE, signal }),
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
