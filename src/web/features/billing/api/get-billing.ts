import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export type BillingSummary = {
  hasAccess: boolean;
  blocked: boolean;
  trialEndsAt: string | null;
  giftAccessUntil: string | null;
  /** Who bought the gift he redeemed last (the buyer's email). */
  giftFrom: string | null;
  portalAvailable: boolean;
  subscription: { id: string; status: string; interval: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
};

export const billingQueryKey = ["billing"] as const;

export const getBilling = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<BillingSummary>("/api/billing", { signal });

export const billingQueryOptions = () => queryOptions({ queryKey: billingQueryKey, queryFn: ({ signal }) => getBilling({ signal }) });

export const useBilling = (options: { enabled?: boolean } = {}) => useQuery({ ...billingQueryOptions(), enabled: options.enabled ?? true });
