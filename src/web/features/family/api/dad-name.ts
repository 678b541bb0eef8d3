import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DadNameInput } from "../../../../shared/dad-name";
import { apiClient } from "../../../lib/api-client";
import { guardiansQueryKey } from "./list-guardians";

/** What his children call him; under the guardians' key like the other Family delivery settings. */
export const dadNameQueryKey = [...guardiansQueryKey, "dad-name"] as const;

export function dadNameQueryOptions() {
  return queryOptions({ queryKey: dadNameQueryKey, queryFn: ({ signal }) => apiClient.get<{ dadName: string }>("/api/guardians/dad-name", { signal }) });
}

export const useDadName = () => useQuery(dadNameQueryOptions());

export function useSaveDadName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DadNameInput) => apiClient.put<{ dadName: string }>("/api/guardians/dad-name", input),
    onSuccess: (data) => queryClient.setQueryData(dadNameQueryKey, data),
  });
}
