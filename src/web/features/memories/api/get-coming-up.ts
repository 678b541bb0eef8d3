import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UpcomingBirthday, UpcomingUnlock } from "../../../../shared/coming-up";
import { apiClient } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export function comingUpQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.memories.comingUp,
    queryFn: ({ signal }) => apiClient.get<{ unlocks: UpcomingUnlock[]; birthdays: UpcomingBirthday[] }>("/api/memories/coming-up", { signal }),
  });
}

export function useComingUp() {
  return useQuery(comingUpQueryOptions());
}
