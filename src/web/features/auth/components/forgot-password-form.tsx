import { type FormEvent, useState } from "react";
import { AUTH_COPY } from "../../../../shared/copy";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toAuthError } from "../auth-errors";
import { AuthShell, BackToSignIn } from "./auth-shell";
import { EmailField } from "./email-field";
import { EmailSent } from "./email-sent";

export function ForgotPasswordForm() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [rateLimited, setRateLimited] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setRateLimited(null);
    try {
      const { authClient } = await import("../../../lib/auth-client");
      const { error } = await authClient.requestPasswordReset({
        email: email.trim(),
        redirectTo: "/reset-password",
      });
      // Never reveal whether the account exists; only a rate limit is worth telling.
      if (error?.status === 429) {
        setRateLimited(toAuthError(error).message);
        return;
      }
      setSent(true);
    } catch {
      setSent(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the email you signed up with and we'll send you a link."
      footer={<BackToSignIn />}
    >
      {sent ? (
        <EmailSent title={AUTH_COPY.resetRequested}>
          <p className="text-sm text-olive-dark">The link is valid for one hour.</p>
        </EmailSent>
      ) : (
        <form className="flex flex-col gap-5" onSubmit={(event) => void handleSubmit(event)}>
          {rateLimited ? <Alert>{rateLimited}</Alert> : null}
          <EmailField value={email} onChange={setEmail} />
          <Button type="submit" fullWidth size="lg" busy={busy} busyLabel="Sending...">
            Send reset link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}
