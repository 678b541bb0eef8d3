import { useQuery } from "@tanstack/react-query";
import type { TranscriptHit } from "../../../../shared/transcripts";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Where Dad said these words in his recordings; nothing is asked until there is a word to find. */
export function useTranscriptSearch(query: string) {
  return useQuery({
    queryKey: queryKeys.memories.spoken(query),
    queryFn: ({ signal }) => apiClient.get<{ hits: TranscriptHit[] }>(`/api/transcripts/search?q=${encodeURIComponent(query)}`, { signal }),
    enabled: query !== "",
  });
}
