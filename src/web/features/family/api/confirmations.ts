import { queryOptions, useQuery } from "@tanstack/react-query";
import type { DadConfirmation, MemoryDelivery } from "../../../../shared/guardians";
import { apiClient } from "../../../lib/api-client";
import { guardiansQueryKey } from "./list-guardians";

/** Under the guardians' key, so every guardian action refreshes it too. */
export const confirmationsQueryKey = [...guardiansQueryKey, "confirmations"] as const;

/** Guardians' 'This has happened' on milestones, newest first, with whether Dad can still undo each. */
export function useConfirmations() {
  return useQuery(
    queryOptions({
      queryKey: confirmationsQueryKey,
      queryFn: ({ signal }) => apiClient.get<{ confirmations: DadConfirmation[] }>("/api/guardians/confirmations", { signal }),
    }),
  );
}

export const undoConfirmation = ({ id }: { id: string }) => apiClient.delete<void>(`/api/guardians/confirmations/${id}`);

/** Who one memory was delivered to, and when they opened the child's page. */
export function useMemoryDeliveries(memoryId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...guardiansQueryKey, "deliveries", memoryId],
      queryFn: ({ signal }) => apiClient.get<{ deliveries: MemoryDelivery[] }>(`/api/guardians/deliveries/${memoryId}`, { signal }),
    }),
  );
}
