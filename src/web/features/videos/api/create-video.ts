import { useMutation, useQueryClient } from "@tanstack/react-query";
import { memoryChangeKeys } from "../../../lib/query-keys";
import { postVideo } from "../../../lib/video-request";

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postVideo, onSuccess: () => Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
