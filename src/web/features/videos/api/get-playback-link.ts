import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VideoPlayback } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";

export const getPlaybackLink = (videoId: string, { signal }: { signal?: AbortSignal } = {}) => apiClient.get<VideoPlayback>(`/api/videos/${videoId}/playback`, { signal });

/** While the original plays, asked again this often: the player switches to the MP4 once it is made. */
const ORIGINAL_RECHECK_MS = 3000;

/** The signed link lasts an hour: refresh it before then. */
export const playbackLinkQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ["videos", videoId, "playback"],
    queryFn: ({ signal }) => getPlaybackLink(videoId, { signal }),
    staleTime: 50 * 60_000,
    refetchInterval: (query) => (query.state.data?.source === "original" ? ORIGINAL_RECHECK_MS : false),
  });

export const usePlaybackLink = (videoId: string) => useQuery(playbackLinkQueryOptions(videoId));
