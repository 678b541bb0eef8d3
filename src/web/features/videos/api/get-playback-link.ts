import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const getPlaybackLink = (videoId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ url: string; expiresInSeconds: number }>(`/api/videos/${videoId}/playback`, { signal });

/** The signed link lasts an hour: refresh it before then. */
export const playbackLinkQueryOptions = (videoId: string) =>
  queryOptions({ queryKey: ["videos", videoId, "playback"], queryFn: ({ signal }) => getPlaybackLink(videoId, { signal }), staleTime: 50 * 60_000 });

export const usePlaybackLink = (videoId: string) => useQuery(playbackLinkQueryOptions(videoId));
