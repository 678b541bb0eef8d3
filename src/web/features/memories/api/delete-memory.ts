import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MemoryKind } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";
import { memoryChangeKeys } from "../../../lib/query-keys";

/** DELETE the memory's own resource: a narration or quick note, or a video (its files go too). */
export function deleteMemory(memory: { id: string; kind: MemoryKind }) {
  return apiClient.delete<void>(memory.kind === "video" ? `/api/videos/${memory.id}` : `/api/narrations/${memory.id}`);
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemory,
    onSuccess: () => Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
