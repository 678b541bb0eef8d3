import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PlanInterval } from "../../../../shared/billing";
import { apiClient } from "../../../lib/api-client";

export type Plan = { priceId: string; interval: PlanInterval; label: string; price: number };
export type PlansResponse = { mode: "stripe" | "test"; plans: Plan[] };

export const getPlans = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<PlansResponse>("/api/plans", { signal });

export const plansQueryOptions = () => queryOptions({ queryKey: ["plans"] as const, queryFn: ({ signal }) => getPlans({ signal }), staleTime: Number.POSITIVE_INFINITY });

export const usePlans = () => useQuery(plansQueryOptions());
