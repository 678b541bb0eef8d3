import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { meQueryOptions } from "./get-me";

/**
 * After a successful sign-in: load the fresh session into the cache first (so the protected
 * wrapper sees it), then go to the dashboard.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to = "/dashboard") => {
      await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      await navigate(to, { replace: true });
    },
    [queryClient, navigate],
  );
}
