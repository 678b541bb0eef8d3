import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { looksLikeBackupCode, normalizeBackupCode } from "../../../../shared/backup-code";
import { AUTH_COPY, TAGLINES } from "../../../../shared/copy";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { TextLink } from "../../../components/ui/text-link";
import { useCompleteSignIn } from "../api/use-complete-sign-in";
import { toAuthError, toAuthErrorFromException } from "../auth-errors";
import { useAuthRequest } from "../use-auth-request";
import { firstSignUpURL } from "../use-sign-up-landing";
import { AuthShell } from "./auth-shell";
import { NEXT_PARAM, safeNextPath } from "../../../lib/next-path";
import { EmailField } from "./email-field";
import { GoogleSignIn } from "./google-button";
import { CONFIRMATION_PARAM, type ConfirmationOutcome } from "./require-auth";

type Step = "credentials" | "two-factor";
/** The second step asks for the app's code, or for one of the backup codes when the phone is gone. */
type SecondFactor = "app" | "backup-code";
type ResendState = "idle" | "sending" | "sent";

export function LoginForm() {
  const completeSignIn = useCompleteSignIn();

  const [step, setStep] = useState<Step>("credentials");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [secondFactor, setSecondFactor] = useState<SecondFactor>("app");
  const [backupCode, setBackupCode] = useState("");
  const { busy, error, setError, run } = useAuthRequest();
  const [resend, setResend] = useState<ResendState>("idle");
  const [searchParams] = useSearchParams();
  const confirmation = searchParams.get(CONFIRMATION_PARAM) as ConfirmationOutcome | null;
  const linkFailed = confirmation === "expired" || confirmation === "invalid";
  // Where he was going (a gift link, say): he comes back there once signed in.
  const next = safeNextPath(searchParams.get(NEXT_PARAM)) ?? "/dashboard";

  async function handleSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResend("idle");
    await run(async (authClient) => {
      const { data, error: signInError } = await authClient.signIn.email({
        email: email.trim(),
        password,
        callbackURL: next,
      });
      if (signInError) {
        setError(toAuthError(signInError));
        return;
      }
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        setStep("two-factor");
        return;
      }
      await completeSignIn(next);
    });
  }

  async function handleVerifyCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async (authClient) => {
      const { error: verifyError } =
        secondFactor === "app"
          ? await authClient.twoFactor.verifyTotp({ code: code.replace(/\s+/g, "") })
          : await authClient.twoFactor.verifyBackupCode({ code: normalizeBackupCode(backupCode) });
      if (verifyError) {
        setError(
          secondFactor === "backup-code" && verifyError.status !== 429
            ? { code: "INVALID_BACKUP_CODE", message: AUTH_COPY.backupCodeRefused }
            : toAuthError(verifyError),
        );
        return;
      }
      await completeSignIn(next);
    });
  }

  function switchSecondFactor(next: SecondFactor) {
    setSecondFactor(next);
    setError(null);
  }

  async function handleResend() {
    setResend("sending");
    try {
      const { authClient } = await import("../../../lib/auth-client");
      const { error: resendError } = await authClient.sendVerificationEmail({
        email: email.trim(),
        callbackURL: firstSignUpURL(),
      });
      if (resendError) {
        setError(toAuthError(resendError));
        setResend("idle");
        return;
      }
      setResend("sent");
    } catch (cause) {
      setError(toAuthErrorFromException(cause));
      setResend("idle");
    }
  }

  const notVerified = error?.code === "EMAIL_NOT_VERIFIED";
  const resendButton = (label: string) =>
    resend === "sent" ? (
      <p role="status">{AUTH_COPY.confirmationResent}</p>
    ) : (
      <button
        type="button"
        onClick={() => void handleResend()}
        disabled={resend === "sending" || !email.trim()}
        className="mt-1 inline-flex min-h-11 items-center self-start font-semibold underline underline-offset-4 disabled:opacity-60"
      >
        {resend === "sending" ? "Sending..." : label}
      </button>
    );

  if (step === "two-factor") {
    const usingBackupCode = secondFactor === "backup-code";
    return (
      <AuthShell
        title="Two-step verification"
        subtitle={usingBackupCode ? AUTH_COPY.backupCodeHint : "Enter the 6-digit code from your authenticator app."}
      >
        <form className="flex flex-col gap-5" onSubmit={(event) => void handleVerifyCode(event)} noValidate>
          {error ? <Alert>{error.message}</Alert> : null}
          {usingBackupCode ? (
            <TextField
              key="backup-code"
              label="Backup code"
              name="backup-code"
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={24}
              required
              autoFocus
              placeholder="abcde-12345"
              value={backupCode}
              onChange={(event) => setBackupCode(event.target.value)}
              className="text-center text-lg tracking-[0.15em]"
            />
          ) : (
            <TextField
              key="app-code"
              label="Authentication code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={10}
              required
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className="text-center text-lg tracking-[0.3em] tabular-nums"
            />
          )}
          <Button
            type="submit"
            fullWidth
            size="lg"
            busy={busy}
            busyLabel="Verifying..."
            disabled={usingBackupCode ? !looksLikeBackupCode(backupCode) : !code.trim()}
          >
            Verify
          </Button>
          <Button variant="secondary" fullWidth onClick={() => switchSecondFactor(usingBackupCode ? "app" : "backup-code")}>
            {usingBackupCode ? "Use the code from my app" : "Use a backup code"}
          </Button>
          <Button
            variant="ghost"
            fullWidth
            onClick={() => {
              setStep("credentials");
              setCode("");
              setBackupCode("");
              setSecondFactor("app");
              setError(null);
            }}
          >
            Back to sign in
          </Button>
        </form>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Welcome back"
      subtitle={TAGLINES.login}
      footer={
        <>
          New to Hey Dad? <TextLink to="/signup">Create an account</TextLink>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {linkFailed && !error ? (
          <Alert tone="info" title={confirmation === "expired" ? AUTH_COPY.confirmationExpired : AUTH_COPY.confirmationInvalid}>
            <p>{AUTH_COPY.confirmationNewLink}</p>
            {resendButton(AUTH_COPY.sendNewLink)}
          </Alert>
        ) : null}
        {confirmation === "already-confirmed" && !error ? (
          <Alert tone="info" title={AUTH_COPY.confirmationAlreadyDone}>
            {AUTH_COPY.confirmationSignIn}
          </Alert>
        ) : null}
        {error ? (
          notVerified ? (
            <Alert title={AUTH_COPY.emailNotVerified}>{resendButton(AUTH_COPY.resendConfirmation)}</Alert>
          ) : (
            <Alert>{error.message}</Alert>
          )
        ) : null}

        <GoogleSignIn
          callbackURL={next}
          newUserCallbackURL={firstSignUpURL()}
          onError={(message) => setError({ code: null, message })}
        />

        <form className="flex flex-col gap-5" onSubmit={(event) => void handleSignIn(event)}>
          <EmailField value={email} onChange={setEmail} />
          <div className="flex flex-col gap-2">
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Link
              to="/forgot-password"
              className="inline-flex min-h-11 items-center self-end rounded-sm text-sm font-semibold text-accent-dark underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
          <Button type="submit" fullWidth size="lg" busy={busy} busyLabel={AUTH_COPY.signingIn}>
            {AUTH_COPY.signIn}
          </Button>
        </form>
      </div>
    </AuthShell>
  );
}
