import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { commentsQueryKey } from "./list-comments";

export const deleteComment = (input: { videoId: string; commentId: string }) => apiClient.delete<void>(`/api/videos/${input.videoId}/comments/${input.commentId}`);

export function useDeleteComment(videoId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteComment, onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey(videoId) }) });
}
