import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { billingQueryKey } from "./get-billing";

export const cancelSubscription = (id: string) => apiClient.delete<{ ok: boolean }>(`/api/cancel-subscription?id=${encodeURIComponent(id)}`);

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingQueryKey }) });
}
