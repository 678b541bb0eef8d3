/** Turns better-auth client errors (and thrown exceptions) into something the red box can show. */

export type AuthErrorInfo = {
  code: string | null;
  message: string;
};

type BetterAuthErrorLike = {
  code?: string | null;
  message?: string | null;
  status?: number;
  statusText?: string;
};

const FALLBACK_MESSAGE = "Something went wrong. Please try again.";

export function toAuthError(error: BetterAuthErrorLike | null | undefined): AuthErrorInfo {
  if (!error) return { code: null, message: FALLBACK_MESSAGE };
  if (error.status === 429) {
    return { code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." };
  }
  const message = error.message?.trim() || error.statusText?.trim() || FALLBACK_MESSAGE;
  return { code: error.code ?? null, message };
}

export function toAuthErrorFromException(cause: unknown): AuthErrorInfo {
  if (cause instanceof Error && cause.message) {
    return {
      code: "NETWORK_ERROR",
      message: "We couldn't reach Hey Dad. Check your connection and try again.",
    };
  }
  return { code: null, message: FALLBACK_MESSAGE };
}
