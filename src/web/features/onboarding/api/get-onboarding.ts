import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OnboardingAnswers } from "../../../../shared/onboarding";
import { apiClient } from "../../../lib/api-client";

export type OnboardingState = { completed: boolean; answers: OnboardingAnswers | null; quizResult: string | null };
export const onboardingKey = ["onboarding"] as const;

export function onboardingOptions() {
  return queryOptions({ queryKey: onboardingKey, queryFn: ({ signal }) => apiClient.get<OnboardingState>("/api/onboarding", { signal }) });
}

export function useOnboarding() {
  return useQuery(onboardingOptions());
}
