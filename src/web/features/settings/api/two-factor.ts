import { useMutation, useQueryClient } from "@tanstack/react-query";
import { settingsQueryKey } from "./get-settings";

async function twoFactor() {
  return (await import("../../../lib/auth-client")).authClient.twoFactor;
}

function unwrap<T>(result: { data: T | null; error: { message?: string } | null }) {
  if (result.error || !result.data) throw new Error(result.error?.message ?? "Something went wrong. Please try again.");
  return result.data;
}

/** Step 1: the password unlocks a new secret (QR code) and backup codes; nothing is on yet. */
export async function startTwoFactor({ password }: { password: string }) {
  const started = unwrap(await (await twoFactor()).enable({ password }));
  if (!("totpURI" in started)) throw new Error("Two-step verification could not be started. Please try again.");
  return started;
}
/** Step 2: a code from the app proves it is set up, which turns two-factor sign-in on. */
export const confirmTwoFactor = async ({ code }: { code: string }) => unwrap(await (await twoFactor()).verifyTotp({ code }));
export const disableTwoFactor = async ({ password }: { password: string }) => unwrap(await (await twoFactor()).disable({ password }));
export const newBackupCodes = async ({ password }: { password: string }) => unwrap(await (await twoFactor()).generateBackupCodes({ password }));

export function useTwoFactorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsQueryKey });
  return {
    start: useMutation({ mutationFn: startTwoFactor }),
    confirm: useMutation({ mutationFn: confirmTwoFactor, onSuccess: refresh }),
    disable: useMutation({ mutationFn: disableTwoFactor, onSuccess: refresh }),
    backupCodes: useMutation({ mutationFn: newBackupCodes }),
  };
}
