import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient } from "../../../lib/api-client";

export type MeUser = {
  id: string;
  email: string;
  emailVerified: boolean;
};

export type MeProfile = {
  fullName: string | null;
  email: string;
  createdAt: string;
  hasAccess: boolean;
  timeZone: string | null;
};

export type Me = {
  user: MeUser;
  profile: MeProfile;
};

export const meQueryKey = ["me"] as const;

/**
 * GET /api/me. Signed out (401, or a 200 whose `user` is null) resolves to null rather than
 * throwing; other failures throw an ApiError.
 */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me | null> {
  try {
    const me = await apiClient.get<Me | { user: null } | null>("/api/me", { signal });
    return me && me.user ? (me as Me) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}
