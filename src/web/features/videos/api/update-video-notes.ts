import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VideoItem } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const updateVideoNotes = (input: { videoId: string; notes: string }) => apiClient.patch<VideoItem>(`/api/videos/${input.videoId}`, { notes: input.notes });

export function useUpdateVideoNotes() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVideoNotes, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories.all }) });
}
