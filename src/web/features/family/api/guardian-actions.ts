import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Guardian } from "../../../../shared/guardians";
import { apiClient } from "../../../lib/api-client";
import { guardiansQueryKey } from "./list-guardians";

/** The row actions on one guardian: pause or resume, resend the invitation, revoke links, remove. */
export const guardianActions = {
  setPaused: ({ id, paused }: { id: string; paused: boolean }) => apiClient.put<{ guardian: Guardian }>(`/api/guardians/${id}/paused`, { paused }),
  resend: ({ id }: { id: string }) => apiClient.post<{ guardian: Guardian }>(`/api/guardians/${id}/resend`),
  revokeLinks: ({ id }: { id: string }) => apiClient.post<void>(`/api/guardians/${id}/revoke-links`),
  remove: ({ id }: { id: string }) => apiClient.delete<void>(`/api/guardians/${id}`),
  setConfirmationsNeeded: ({ confirmationsNeeded }: { confirmationsNeeded: number }) =>
    apiClient.put<{ confirmationsNeeded: number }>("/api/guardians/confirmations-needed", { confirmationsNeeded }),
};

export function useGuardianAction<Input>(action: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansQueryKey }) });
}
