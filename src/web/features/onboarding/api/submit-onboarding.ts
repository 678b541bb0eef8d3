import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ComputedArchetype, OnboardingAnswers } from "../../../../shared/onboarding";
import { apiClient } from "../../../lib/api-client";

export const submitOnboarding = (input: { answers: OnboardingAnswers; skipped: boolean }) =>
  apiClient.post<{ archetype: ComputedArchetype; tone: string }>("/api/onboarding", input);

export function useSubmitOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: submitOnboarding, onSuccess: () => queryClient.invalidateQueries() });
}
