import { useMutation } from "@tanstack/react-query";
import type { CheckoutRequest } from "../../../../shared/billing.schemas";
import { apiClient } from "../../../lib/api-client";
import { assignedVisitorId } from "../../../lib/experiment";

export type CheckoutSession = { id: string; url: string };

/**
 * POST /api/create-checkout-session: the browser then goes to the hosted (or TEST MODE) checkout.
 * The experiment's visitor goes along, so the server counts checkout_started and the purchase for it.
 */
export const createCheckoutSession = (request: Omit<CheckoutRequest, "visitorId">) =>
  apiClient.post<CheckoutSession>("/api/create-checkout-session", { ...request, visitorId: assignedVisitorId() });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
