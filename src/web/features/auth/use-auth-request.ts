import { useState } from "react";
import type { AuthClient } from "../../lib/auth-client";
import { type AuthErrorInfo, toAuthErrorFromException } from "./auth-errors";

/**
 * One auth request at a time: `busy` while it runs, the red box's `error` (cleared when a request
 * starts, set when one throws), and the auth client loaded on first use so that the public pages'
 * bundle does not carry it.
 */
export function useAuthRequest(initialError: AuthErrorInfo | null = null) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthErrorInfo | null>(initialError);

  async function run(request: (authClient: AuthClient) => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { authClient } = await import("../../lib/auth-client");
      await request(authClient);
    } catch (cause) {
      setError(toAuthErrorFromException(cause));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}
