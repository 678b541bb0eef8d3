import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateVideoInput, VideoItem } from "../../../../shared/videos";
import { apiClient } from "../../../lib/api-client";
import { memoryChangeKeys } from "../../../lib/query-keys";

export const createVideo = (input: CreateVideoInput) => apiClient.post<VideoItem>("/api/videos", input);

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVideo, onSuccess: () => Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
