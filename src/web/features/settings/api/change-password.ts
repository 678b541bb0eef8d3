import { useMutation } from "@tanstack/react-query";

/** better-auth's change-password; the account's other sessions end. */
export async function changePassword(input: { currentPassword: string; newPassword: string }) {
  const { authClient } = await import("../../../lib/auth-client");
  const { error } = await authClient.changePassword({ ...input, revokeOtherSessions: true });
  if (error) throw Object.assign(new Error(error.message ?? "Password change failed"), { code: error.code });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
