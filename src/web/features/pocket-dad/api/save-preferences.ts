import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Intensity, Tone } from "../../../../shared/pocket-dad";
import { apiClient } from "../../../lib/api-client";
import { pocketDadContextKey } from "./get-pocket-dad-context";

export const savePreferences = (preferences: { tone: Tone; tone_intensity: Intensity }) =>
  apiClient.put<typeof preferences>("/api/pocket-dad/preferences", preferences);

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePreferences, onSuccess: () => queryClient.invalidateQueries({ queryKey: pocketDadContextKey }) });
}
