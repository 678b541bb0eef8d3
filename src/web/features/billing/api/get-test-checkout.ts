import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanInterval } from "../../../../shared/billing";
import { apiClient } from "../../../lib/api-client";

export type TestCheckoutSession = {
  id: string;
  kind: "subscription" | "gift";
  interval: PlanInterval;
  amountCents: number;
  email: string | null;
  status: "open" | "complete" | "expired";
  trialEnd: string | null;
};

export const getTestCheckout = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<TestCheckoutSession>(`/api/checkout/test/${encodeURIComponent(id)}`, { signal });

export const testCheckoutQueryOptions = (id: string) => queryOptions({ queryKey: ["test-checkout", id] as const, queryFn: ({ signal }) => getTestCheckout(id, { signal }) });

export const useTestCheckout = (id: string) => useQuery(testCheckoutQueryOptions(id));
