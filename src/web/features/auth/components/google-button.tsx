import { useState } from "react";
import { AUTH_COPY } from "../../../../shared/copy";
import { isInAppBrowser } from "../../../../shared/in-app-browser";
import { Button } from "../../../components/ui/button";
import { usePublicConfig } from "../api/get-config";
import { OrDivider } from "./or-divider";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24Z"
      />
      <path
        fill="#FBBC05"
        d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.9l4-3.1Z"
      />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8Z"
      />
    </svg>
  );
}

/** Whether the Google button may show: enabled on the server and not inside an in-app web view. */
function useGoogleSignInAvailable(): boolean {
  const { googleEnabled } = usePublicConfig();
  return googleEnabled && !isInAppBrowser(typeof navigator === "undefined" ? "" : navigator.userAgent);
}

export type GoogleSignInProps = {
  callbackURL: string;
  /** Where a Google account new to Hey Dad lands instead (a first sign-up). */
  newUserCallbackURL: string;
  onError: (message: string) => void;
};

/** 'Continue with Google' and the 'or' divider above the email form; nothing when Google is off. */
export function GoogleSignIn({ callbackURL, newUserCallbackURL, onError }: GoogleSignInProps) {
  const available = useGoogleSignInAvailable();
  const [busy, setBusy] = useState(false);
  if (!available) return null;

  async function handleClick() {
    setBusy(true);
    try {
      const { authClient } = await import("../../../lib/auth-client");
      const { error } = await authClient.signIn.social({ provider: "google", callbackURL, newUserCallbackURL });
      if (error) {
        onError(error.message ?? "Google sign-in is unavailable right now.");
        setBusy(false);
      }
      // On success the browser is redirected to Google.
    } catch {
      onError("Google sign-in is unavailable right now.");
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" fullWidth busy={busy} onClick={() => void handleClick()}>
        {busy ? null : <GoogleMark />}
        {AUTH_COPY.continueWithGoogle}
      </Button>
      <OrDivider />
    </>
  );
}
