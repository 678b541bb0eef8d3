import { useMutation } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import type { PaymentVerification } from "./verify-payment";

/** TEST MODE 'Pay': completes the session through the same path a Stripe webhook takes. */
export const payTestCheckout = (id: string) => apiClient.post<PaymentVerification>(`/api/checkout/test/${encodeURIComponent(id)}/pay`);

export const usePayTestCheckout = () => useMutation({ mutationFn: payTestCheckout });
