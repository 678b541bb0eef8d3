import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AUTH_COPY } from "../../../../shared/copy";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { toAuthError } from "../auth-errors";
import { AuthShell, BackToSignIn } from "./auth-shell";
import { EmailField } from "./email-field";

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
        <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
            <MailCheck className="size-6" aria-hidden="true" />
          </span>
          <p className="text-base font-medium text-ink">{AUTH_COPY.resetRequested}</p>
          <p className="text-sm text-olive-dark">The link is valid for one hour.</p>
        </div>
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
