import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { clearUserLocalState } from "../../../lib/user-local-state";
import { type Me, meQueryKey } from "./get-me";

/** Signs out through better-auth (loaded lazily), clears the query cache and goes home. */
export async function signOut(): Promise<void> {
  const { authClient } = await import("../../../lib/auth-client");
  // An unauthorized / forbidden / not-found answer means the session is already gone: ignore it.
  await authClient.signOut();
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      const userId = queryClient.getQueryData<Me | null>(meQueryKey)?.user.id;
      if (userId) clearUserLocalState(userId);
      // Mark the session gone first (mounted observers see it at once), then drop every other
      // cached answer so nothing of this user survives in memory.
      queryClient.setQueryData(meQueryKey, null);
      await navigate("/", { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    },
  });
}
