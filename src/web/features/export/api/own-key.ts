import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OwnKeyStatus } from "../../../../shared/child-key";
import { apiClient, apiRequest } from "../../../lib/api-client";

const path = (childId: string, rest = "") => `/api/children/${encodeURIComponent(childId)}/own-key${rest}`;

/** A child's own addresses, the age the child's page is handed over at, and whether it was. */
export function ownKeyQueryOptions(childId: string) {
  return queryOptions({
    queryKey: ["own-key", childId],
    queryFn: async ({ signal }) => (await apiClient.get<{ ownKey: OwnKeyStatus }>(path(childId), { signal })).ownKey,
  });
}

export const useOwnKey = (childId: string, enabled: boolean) => useQuery({ ...ownKeyQueryOptions(childId), enabled });

/** Naming an address, withdrawing one, choosing the hand-over age: each answers the new status. */
function useOwnKeyChange<Body>(childId: string, request: (body: Body) => Promise<{ ownKey: OwnKeyStatus }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: ({ ownKey }) => queryClient.setQueryData(ownKeyQueryOptions(childId).queryKey, ownKey),
  });
}

export const useNameOwnAddress = (childId: string) =>
  useOwnKeyChange(childId, (body: { email: string }) => apiRequest(path(childId, "/address"), { method: "PUT", body }));
export const useWithdrawOwnAddress = (childId: string) =>
  useOwnKeyChange(childId, (body: { email: string }) => apiRequest(path(childId, "/address"), { method: "DELETE", body }));
export const useSetHandoverAge = (childId: string) =>
  useOwnKeyChange(childId, (body: { age: number }) => apiRequest(path(childId, "/handover-age"), { method: "PUT", body }));
