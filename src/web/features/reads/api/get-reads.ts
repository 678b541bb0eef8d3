import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export type Read = { title: string; href: string; hook: string; minutes: number };
export type Reads = { items: Read[]; siteUrl: string | null };

/** GET /api/substack-feed?limit=n (5 for the carousel, 12 for /blog). */
export async function getReads({ limit, signal }: { limit: number; signal?: AbortSignal }): Promise<Reads> {
  const answer = await apiClient.get<Partial<Reads>>(`/api/substack-feed?limit=${limit}`, { signal });
  return { items: Array.isArray(answer?.items) ? answer.items : [], siteUrl: typeof answer?.siteUrl === "string" ? answer.siteUrl : null };
}

export const readsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: ["reads", limit], queryFn: ({ signal }) => getReads({ limit, signal }), staleTime: 5 * 60_000, retry: 1 });

export const useReads = (limit: number) => useQuery(readsQueryOptions(limit));
