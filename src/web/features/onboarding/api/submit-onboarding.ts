import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComputedArchetype, OnboardingAnswers } from "../../../../shared/onboarding";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const submitOnboarding = (input: { answers: OnboardingAnswers; skipped: boolean }) =>
  apiClient.post<{ archetype: ComputedArchetype; tone: string }>("/api/onboarding", input);

/**
 * Saves the answers. Pocket Dad's context is dropped, not just marked stale: the screen takes its starting tone
 * once, when it opens, so it must open on the tone these answers set rather than on the one it held before.
 */
export function useSubmitOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitOnboarding,
    onSuccess: async () => {
      await queryClient.resetQueries({ queryKey: queryKeys.pocketDad.context });
      await queryClient.invalidateQueries();
    },
  });
}
