import { useMutation } from "@tanstack/react-query";
import type { CheckoutRequest } from "../../../../shared/billing.schemas";
import { apiClient } from "../../../lib/api-client";

export type CheckoutSession = { id: string; url: string };

/** POST /api/create-checkout-session: the browser then goes to the hosted (or TEST MODE) checkout. */
export const createCheckoutSession = (request: CheckoutRequest) => apiClient.post<CheckoutSession>("/api/create-checkout-session", request);

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
