import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CardQuestion } from "../../../../shared/child-key";
import { apiClient, apiRequest } from "../../../lib/api-client";

const path = (childId: string) => `/api/children/${encodeURIComponent(childId)}/card-question`;

/** Dad's question on a child's keepsake card (never its answer: only a hash of it is kept). */
export function cardQuestionQueryOptions(childId: string) {
  return queryOptions({
    queryKey: ["card-question", childId],
    queryFn: async ({ signal }) => (await apiClient.get<{ question: string | null }>(path(childId), { signal })).question,
  });
}

export const useCardQuestion = (childId: string, enabled: boolean) => useQuery({ ...cardQuestionQueryOptions(childId), enabled });

export function useSaveCardQuestion(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CardQuestion) => apiRequest<void>(path(childId), { method: "PUT", body }),
    onSuccess: (_, body) => queryClient.setQueryData(cardQuestionQueryOptions(childId).queryKey, body.question),
  });
}
