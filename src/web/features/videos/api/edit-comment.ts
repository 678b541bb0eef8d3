import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VideoComment } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";
import { commentsQueryKey } from "./list-comments";

export const editComment = (input: { videoId: string; commentId: string; content: string }) =>
  apiClient.patch<VideoComment>(`/api/videos/${input.videoId}/comments/${input.commentId}`, { content: input.content });

export function useEditComment(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editComment, onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(videoId) }) });
}
