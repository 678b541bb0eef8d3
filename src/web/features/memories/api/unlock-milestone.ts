import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemoryItem, MemoryKind } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** 'Unlock now': Dad marks a milestone memory's milestone as reached (a narration, quick note or video). */
export function unlockMilestone(memory: { id: string; kind: MemoryKind }) {
  return apiClient.post<MemoryItem>(`/api/${memory.kind === "video" ? "videos" : "narrations"}/${memory.id}/unlock`);
}

export function useUnlockMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockMilestone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.memories.all }),
  });
}
