import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postNarration } from "../../../lib/narration-request";
import { memoryChangeKeys } from "../../../lib/query-keys";

/** POST /api/narrations (lib/narration-request.ts: the outbox sends the same request later). */
export function useCreateNarration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postNarration,
    onSuccess: () => Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
