import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { EditMemoryFields, MemoryItem } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";
import { memoryChangeKeys } from "../../../lib/query-keys";

/** Edits any memory's title, notes, children and unlock rule; returns its card. */
export const editMemory = ({ id, fields }: { id: string; fields: EditMemoryFields }) => apiClient.patch<MemoryItem>(`/api/memories/${id}`, fields);

export function useEditMemory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editMemory, onSuccess: () => Promise.all(memoryChangeKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))) });
}
