import { queryOptions, useQuery } from "@tanstack/react-query";
import type { VideoComment } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";

export const commentsQueryKey = (videoId: string) => ["videos", videoId, "comments"] as const;

export const listComments = (videoId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ comments: VideoComment[] }>(`/api/videos/${videoId}/comments`, { signal }).then((r) => r.comments);

export const commentsQueryOptions = (videoId: string) => queryOptions({ queryKey: commentsQueryKey(videoId), queryFn: ({ signal }) => listComments(videoId, { signal }) });

export const useComments = (videoId: string) => useQuery(commentsQueryOptions(videoId));
