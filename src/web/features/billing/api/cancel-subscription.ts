import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { billingQueryKey } from "./get-billing";

export const cancelSubscription = (id: string) => apiClient.delete<{ ok: boolean }>(`/api/cancel-subscription?id=${encodeURIComponent(id)}`);

/** 'Resume subscription': un-cancels a plan set to end, while its period still runs. */
export const resumeSubscription = (id: string) => apiClient.post<{ ok: boolean }>(`/api/resume-subscription?id=${encodeURIComponent(id)}`);

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resumeSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }) });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }) });
}
