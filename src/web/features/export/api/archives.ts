import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ArchiveView } from "../../../../shared/export";
import { apiClient, apiRequest } from "../../../lib/api-client";

export const archivesQueryKey = ["archives"] as const;
/** How often a page showing an archive being built asks for its progress. */
const POLL_MS = 1500;
const pollWhileBuilding = (archive: ArchiveView | null | undefined) => (archive?.status === "building" ? POLL_MS : false);

export const getLatestArchive = ({ signal }: { signal?: AbortSignal } = {}) => apiClient.get<{ archive: ArchiveView | null }>("/api/exports/latest", { signal });
export const getArchive = (id: string, { signal }: { signal?: AbortSignal } = {}) => apiClient.get<{ archive: ArchiveView }>(`/api/exports/${encodeURIComponent(id)}`, { signal });
export const requestArchive = () => apiRequest<{ archive: ArchiveView }>("/api/exports", { method: "POST" });
/** The download goes through the server, which checks the owner and the 7 days, then redirects to the file. */
export const archiveDownloadUrl = (id: string) => `/api/exports/${encodeURIComponent(id)}/download`;

export function latestArchiveQueryOptions() {
  return queryOptions({
    queryKey: [...archivesQueryKey, "latest"],
    queryFn: async ({ signal }) => (await getLatestArchive({ signal })).archive,
    refetchInterval: (query) => pollWhileBuilding(query.state.data),
  });
}

export function archiveQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...archivesQueryKey, id],
    queryFn: async ({ signal }) => (await getArchive(id, { signal })).archive,
    refetchInterval: (query) => pollWhileBuilding(query.state.data),
    retry: false,
  });
}

export const useLatestArchive = () => useQuery(latestArchiveQueryOptions());
export const useArchive = (id: string) => useQuery(archiveQueryOptions(id));

export function useRequestArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestArchive,
    onSuccess: ({ archive }) => {
      queryClient.setQueryData(latestArchiveQueryOptions().queryKey, archive);
      void queryClient.invalidateQueries({ queryKey: archivesQueryKey });
    },
  });
}
