import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VideoComment } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";
import { commentsQueryKey } from "./list-comments";

export const addComment = (input: { videoId: string; content: string; timeSeconds: number; parentId?: string }) =>
  apiClient.post<VideoComment>(`/api/videos/${input.videoId}/comments`, { content: input.content, timeSeconds: input.timeSeconds, parentId: input.parentId ?? null });

export function useAddComment(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addComment, onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(videoId) }) });
}
