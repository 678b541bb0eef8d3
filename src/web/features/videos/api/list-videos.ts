import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VideoItem } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";

export const videosQueryKey = ["videos"] as const;

export const listVideos = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<{ videos: VideoItem[] }>("/api/videos", { signal }).then((r) => r.videos);

/** Polls every 3 s while a video is still processing, so its card turns ready by itself. */
export function videosQueryOptions() {
  return queryOptions({
    queryKey: videosQueryKey,
    queryFn: ({ signal }) => listVideos({ signal }),
    refetchInterval: (query) => (query.state.data?.some((video) => video.processingStatus === "processing") ? 3000 : 45 * 60_000),
  });
}

export const useVideos = () => useQuery(videosQueryOptions());
