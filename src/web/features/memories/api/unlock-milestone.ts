import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { NarrationItem } from "../../../../shared/memories";
import { apiClient } from "../../../lib/api-client";
import { memoriesQueryKey } from "./list-memories";

/** 'Unlock now': Dad marks a milestone memory's milestone as reached. */
export function unlockMilestone(id: string) {
  return apiClient.post<NarrationItem>(`/api/narrations/${id}/unlock`);
}

export function useUnlockMilestone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockMilestone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memoriesQueryKey }),
  });
}
