import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Intensity, Tone } from "../../../../shared/pocket-dad";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type PocketDadChild = { id: string; name: string; ageYears: number; ageLabel: string; profileNote: string | null; photoUrl: string | null };
export type PocketDadContext = {
  children: PocketDadChild[];
  preferences: { tone: Tone; tone_intensity: Intensity };
  quizResult: string | null;
  /** Where the archetype comes from: the Dad DNA test or the five setup questions. */
  archetypeSource: "dad_dna" | "onboarding" | null;
  onboardingCompleted: boolean;
};

export const pocketDadContextKey = queryKeys.pocketDad.context;

export function pocketDadContextOptions(enabled: boolean) {
  return queryOptions({
    queryKey: pocketDadContextKey,
    queryFn: ({ signal }) => apiClient.get<PocketDadContext>("/api/pocket-dad/context", { signal }),
    enabled,
  });
}

/** Children, saved tone and intensity, archetype and onboarding state (signed-in only). */
export function usePocketDadContext(enabled: boolean) {
  return useQuery(pocketDadContextOptions(enabled));
}
