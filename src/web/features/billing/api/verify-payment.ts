import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export type PaymentVerification = { status: "success" | "pending" | "failed"; kind: "subscription" | "gift" | null };

export const verifyPayment = (sessionId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<PaymentVerification>(`/api/verify-payment?session_id=${encodeURIComponent(sessionId)}`, { signal });

/** Polls while the provider still reports the payment as pending (up to about 20 s). */
export const verifyPaymentQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ["verify-payment", sessionId] as const,
    queryFn: ({ signal }) => verifyPayment(sessionId, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "pending" && query.state.dataUpdateCount < 10 ? 2000 : false),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useVerifyPayment = (sessionId: string | null) => useQuery({ ...verifyPaymentQueryOptions(sessionId ?? ""), enabled: Boolean(sessionId) });
