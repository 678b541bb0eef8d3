import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TranscriptView } from "../../../../shared/transcripts";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** Dad's own transcript, one caption a line; it replaces the engine's and is kept. */
export const editTranscript = ({ memoryId, text }: { memoryId: string; text: string }) => apiClient.put<TranscriptView>(`/api/memories/${memoryId}/transcript`, { text });

export function useEditTranscript() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editTranscript, onSuccess: (transcript, { memoryId }) => queryClient.setQueryData(queryKeys.memories.transcript(memoryId), transcript) });
}
