import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

/** GET /api/substack-og?url=…: the article's preview image (null when it has none). */
export async function getPreviewImage({ url, signal }: { url: string; signal?: AbortSignal }) {
  const answer = await apiClient.get<{ image?: unknown }>(`/api/substack-og?url=${encodeURIComponent(url)}`, { signal });
  return typeof answer?.image === "string" ? answer.image : null;
}

export const previewImageQueryOptions = (url: string) =>
  queryOptions({ queryKey: ["reads", "preview", url], queryFn: ({ signal }) => getPreviewImage({ url, signal }), staleTime: Infinity, retry: false });

/** Looked up only for the newsletter's items (`enabled`): the product's own reads carry their image. */
export const usePreviewImage = (url: string, enabled = true) => useQuery({ ...previewImageQueryOptions(url), enabled });
