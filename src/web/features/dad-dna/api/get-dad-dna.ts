import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DadDnaResult } from "../../../../shared/dad-dna";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** The result as the server keeps it: the scores, the answers they came from, when it was taken. */
export type DadDnaView = DadDnaResult & { answers: Record<string, string>; takenAt: string };

export function dadDnaOptions() {
  return queryOptions({
    queryKey: queryKeys.dadDna,
    queryFn: ({ signal }) => apiClient.get<{ result: DadDnaView | null }>("/api/dad-dna", { signal }),
  });
}

/** The dad's own Dad DNA result (null until he has taken the test). */
export function useDadDna(options: { enabled?: boolean } = {}) {
  return useQuery({ ...dadDnaOptions(), enabled: options.enabled ?? true });
}
