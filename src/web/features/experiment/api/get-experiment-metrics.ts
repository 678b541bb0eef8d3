import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ExperimentSummary } from "../../../../shared/experiment";
import { apiClient } from "../../../lib/api-client";

/** GET /api/experiment/metrics (admins only: others get 404). */
export const getExperimentMetrics = ({ signal }: { signal?: AbortSignal }) => apiClient.get<ExperimentSummary>("/api/experiment/metrics", { signal });

export const experimentMetricsQueryOptions = () =>
  queryOptions({ queryKey: ["experiment", "metrics"], queryFn: getExperimentMetrics, staleTime: 0 });

export const useExperimentMetrics = () => useQuery(experimentMetricsQueryOptions());
