import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type { ClaimCard } from "../../../../shared/child-key";
import { apiClient, apiRequest } from "../../../lib/api-client";

/** What a keepsake card's code names: the child and Dad's question (404 CLAIM_CODE_UNKNOWN for an unknown code). */
export const getClaimCard = (code: string, { signal }: { signal?: AbortSignal } = {}) => apiClient.get<{ card: ClaimCard }>(`/api/claims/${encodeURIComponent(code)}`, { signal });

export function claimCardQueryOptions(code: string) {
  return queryOptions({
    queryKey: ["claim-card", code],
    queryFn: async ({ signal }) => (await getClaimCard(code, { signal })).card,
    retry: false,
    staleTime: Infinity,
  });
}

export const useClaimCard = (code: string) => useQuery(claimCardQueryOptions(code));

/** The child answers Dad's question; a right answer emails the address a link to confirm it. */
export const useAnswerCardQuestion = (code: string) =>
  useMutation({
    mutationFn: (body: { answer: string; email: string }) => apiRequest<{ sentTo: string }>(`/api/claims/${encodeURIComponent(code)}/answer`, { method: "POST", body }),
  });

/** The child asks the family (Dad and the guardians) to approve the address. */
export const useAskTheFamily = (code: string) =>
  useMutation({
    mutationFn: (body: { email: string }) => apiRequest<{ askedFor: string }>(`/api/claims/${encodeURIComponent(code)}/ask`, { method: "POST", body }),
  });
