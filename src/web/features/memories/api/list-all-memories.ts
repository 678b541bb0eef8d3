import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { listMemories, memoriesQueryKey } from "./list-memories";

const VAULT_PAGE = 500;

/** Every memory, fetched in pages of 500 one after another (the vault searches and filters them in the browser). */
export function useAllMemories() {
  const query = useInfiniteQuery({
    queryKey: [...memoriesQueryKey, "vault"],
    queryFn: ({ pageParam, signal }) => listMemories({ kind: "all", cursor: pageParam, limit: VAULT_PAGE, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError]);
  return query;
}
