import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { forgetPocketDadSession } from "../pocket-dad-storage";
import { pocketDadContextKey } from "./get-pocket-dad-context";

export const clearPocketDadMemory = () => apiClient.delete<{ cleared: true }>("/api/pocket-dad/memory");

/** 'Clear Pocket Dad memory': server history and preferences, and this browser's saved session. */
export function useClearPocketDadMemory(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearPocketDadMemory,
    onSuccess: () => {
      if (userId) forgetPocketDadSession(userId);
      return queryClient.invalidateQueries({ queryKey: pocketDadContextKey });
    },
  });
}
