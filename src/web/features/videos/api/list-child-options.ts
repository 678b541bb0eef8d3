import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type ChildOption = { id: string; name: string };

/** The children to assign a video to (GET /api/children; only id and name are read here). */
export const listChildOptions = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiClient.get<{ children: ChildOption[] }>("/api/children", { signal }).then((r) => r.children.map(({ id, name }) => ({ id, name })));

export const childOptionsQueryOptions = () => queryOptions({ queryKey: queryKeys.children.options, queryFn: ({ signal }) => listChildOptions({ signal }) });

export const useChildOptions = () => useQuery(childOptionsQueryOptions());
