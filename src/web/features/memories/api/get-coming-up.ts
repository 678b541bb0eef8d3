import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UpcomingBirthday, UpcomingUnlock } from "../../../../shared/coming-up";
import { apiClient } from "../../../lib/api-client";

export function comingUpQueryOptions() {
  return queryOptions({
    queryKey: ["memories", "coming-up"],
    queryFn: ({ signal }) => apiClient.get<{ unlocks: UpcomingUnlock[]; birthdays: UpcomingBirthday[] }>("/api/memories/coming-up", { signal }),
  });
}

export function useComingUp() {
  return useQuery(comingUpQueryOptions());
}
