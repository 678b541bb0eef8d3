import { useMutation } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export const cancelTestCheckout = (id: string) => apiClient.post<{ ok: boolean }>(`/api/checkout/test/${encodeURIComponent(id)}/cancel`);

export const useCancelTestCheckout = () => useMutation({ mutationFn: cancelTestCheckout });
