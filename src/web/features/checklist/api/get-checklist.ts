import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";

export type Checklist = { hasName: boolean; hasChild: boolean; hasMemory: boolean; hasAccess: boolean };

export const getChecklist = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<Checklist>("/api/checklist", { signal });

/** Refetched on every page change and focus, so the card advances as steps are done. */
export const checklistQueryOptions = () => queryOptions({ queryKey: ["checklist"] as const, queryFn: ({ signal }) => getChecklist({ signal }), staleTime: 0 });

export const useChecklist = () => useQuery(checklistQueryOptions());
