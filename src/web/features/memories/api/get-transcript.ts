import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TranscriptView } from "../../../../shared/transcripts";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** How often a transcript being made is asked for again. */
const TRANSCRIBING_POLL_MS = 3000;

export function transcriptQueryOptions(memoryId: string) {
  return queryOptions({
    queryKey: queryKeys.memories.transcript(memoryId),
    queryFn: ({ signal }) => apiClient.get<TranscriptView>(`/api/memories/${memoryId}/transcript`, { signal }),
    refetchInterval: (query) => (query.state.data?.status === "transcribing" ? TRANSCRIBING_POLL_MS : false),
  });
}

export function useTranscript(memoryId: string) {
  return useQuery(transcriptQueryOptions(memoryId));
}
