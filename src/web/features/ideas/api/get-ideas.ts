import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PromptLibrary } from "../../../../shared/prompt-library";
import { apiClient } from "../../../lib/api-client";

/** GET /api/ideas: the prompt library (reference data: cached for the session). */
export function ideasQueryOptions() {
  return queryOptions({
    queryKey: ["ideas"],
    queryFn: ({ signal }) => apiClient.get<PromptLibrary>("/api/ideas", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useIdeas() {
  return useQuery(ideasQueryOptions());
}
