import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type Checklist = { hasName: boolean; hasChild: boolean; hasMemory: boolean; hasAccess: boolean };

export const getChecklist = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<Checklist>("/api/checklist", { signal });

/** Refetched on every page change and focus, and invalidated by what completes a step (a child, a memory, a name), so the card advances at once. */
export const checklistQueryOptions = () => queryOptions({ queryKey: queryKeys.checklist, queryFn: ({ signal }) => getChecklist({ signal }), staleTime: 0 });

export const useChecklist = () => useQuery(checklistQueryOptions());
