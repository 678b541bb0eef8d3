import { queryOptions, useQuery } from "@tanstack/react-query";
import { OWN_READ_ITEMS } from "../../../../shared/own-reads";
import { BLOG_READS } from "../../../../shared/reads";
import { mergeReads, type ReadItem } from "../../../../shared/reads-markdown";
import { apiClient } from "../../../lib/api-client";

export type Read = ReadItem;
export type Reads = { items: Read[]; siteUrl: string | null };

/** GET /api/substack-feed?limit=n (5 for the carousel, 12 for /blog): the newsletter's items, none without a feed. */
export async function getReads({ limit, signal }: { limit: number; signal?: AbortSignal }): Promise<Reads> {
  const answer = await apiClient.get<Partial<Reads>>(`/api/substack-feed?limit=${limit}`, { signal });
  return { items: Array.isArray(answer?.items) ? answer.items : [], siteUrl: typeof answer?.siteUrl === "string" ? answer.siteUrl : null };
}

export const readsQueryOptions = (limit: number) =>
  queryOptions({ queryKey: ["reads", limit], queryFn: ({ signal }) => getReads({ limit, signal }), staleTime: 5 * 60_000, retry: 1 });

/**
 * The reads to show: the newsletter's items first, then the product's own reads fill in.
 * The own reads are in the bundle, so the list is there on the first paint (and in the prerendered
 * HTML); a feed that fails or is not configured leaves just them.
 */
export function useReads(limit: number): Reads {
  // The feed answers at most 12 (spec 002); /blog may list more own reads than that.
  const feed = useQuery(readsQueryOptions(Math.min(limit, BLOG_READS)));
  return { items: mergeReads(feed.data?.items ?? [], OWN_READ_ITEMS, limit), siteUrl: feed.data?.siteUrl ?? null };
}
