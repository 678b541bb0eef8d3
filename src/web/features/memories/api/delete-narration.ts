import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { memoriesQueryKey } from "./list-memories";

export function deleteNarration(id: string) {
  return apiClient.delete<void>(`/api/narrations/${id}`);
}

export function useDeleteNarration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNarration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesQueryKey }),
  });
}
