import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SubmitDadDna } from "../../../../shared/dad-dna";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import type { DadDnaView } from "./get-dad-dna";

export const submitDadDna = (input: SubmitDadDna) => apiClient.post<{ result: DadDnaView }>("/api/dad-dna", input);

/**
 * Sends a completed test. The result replaces the cached one; Pocket Dad's context is dropped, not
 * just marked stale, so the screen opens on the new starting tone instead of the old one it held.
 */
export function useSubmitDadDna() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDadDna,
    onSuccess: async (data) => {
      queryClient.setQueryData(queryKeys.dadDna, data);
      await queryClient.resetQueries({ queryKey: queryKeys.pocketDad.context });
    },
  });
}
