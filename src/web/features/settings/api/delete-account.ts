import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";

/** Deletes the account and everything in it; the server also ends every session. */
export const deleteAccount = () => apiRequest<void>("/api/account", { method: "DELETE", body: { confirm: true } });

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
