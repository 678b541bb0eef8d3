import { useMutation } from "@tanstack/react-query";
import type { SaveLegacyInput } from "../../../../shared/pocket-dad";
import { apiClient } from "../../../lib/api-client";

export type SavedLegacyPlan = { id: string; title: string; suggested_unlock_type: string; suggested_unlock_value: string; child_id: string };

export const saveLegacy = (input: SaveLegacyInput) => apiClient.post<SavedLegacyPlan>("/api/pocketdad/save-legacy", input);

export function useSaveLegacy() {
  return useMutation({ mutationFn: saveLegacy });
}
