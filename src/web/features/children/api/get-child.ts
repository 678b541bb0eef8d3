import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Child } from "../../../../shared/children";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const getChild = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiClient.get<{ child: Child }>(`/api/children/${encodeURIComponent(id)}`, { signal }).then((response) => response.child);

export function childQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.children.one(id), queryFn: ({ signal }) => getChild({ id, signal }), retry: false });
}

export function useChild(id: string) {
  return useQuery(childQueryOptions(id));
}
