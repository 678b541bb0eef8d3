import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AUTH_COPY, PASSWORD_MIN_LENGTH } from "../../../../shared/copy";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { TextLink } from "../../../components/ui/text-link";
import { useCompleteSignIn } from "../api/use-complete-sign-in";
import { type AuthErrorInfo, toAuthError, toAuthErrorFromException } from "../auth-errors";
import { AuthShell } from "./auth-shell";
import { focusFirstInvalid } from "./focus-first-invalid";

const INVALID_LINK_MESSAGE = "This reset link is invalid or has expired.";

type FieldErrors = { password?: string; confirmPassword?: string };

export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();

  const token = searchParams.get("token") ?? "";
  const email = searchParams.get("email") ?? "";
  // better-auth redirects here with ?error=INVALID_TOKEN when the emailed link is stale.
  const linkError = searchParams.get("error");

  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<AuthErrorInfo | null>(
    linkError || !token ? { code: "INVALID_TOKEN", message: INVALID_LINK_MESSAGE } : null,
  );
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors: FieldErrors = {};
    if (password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_COPY.passwordTooShort;
    if (confirmPassword !== password) errors.confirmPassword = AUTH_COPY.passwordsDoNotMatch;
    setFieldErrors(errors);
    if (errors.password || errors.confirmPassword) {
      focusFirstInvalid(event.currentTarget);
      return;
    }

    setBusy(true);
    setError(null);
    try {
      const { authClient } = await import("../../../lib/auth-client");
      const { error: resetError } = await authClient.resetPassword({ newPassword: password, token });
      if (resetError) {
        const info = toAuthError(resetError);
        setError(info.code === "INVALID_TOKEN" ? { ...info, message: INVALID_LINK_MESSAGE } : info);
        return;
      }

      if (email) {
        const { data, error: signInError } = await authClient.signIn.email({ email, password });
        const needsSecondStep = data && "twoFactorRedirect" in data && data.twoFactorRedirect;
        if (!signInError && !needsSecondStep) {
          toast.success("Your password has been changed.");
          await completeSignIn();
          return;
        }
      }
      toast.success("Your password has been changed. Please sign in.");
      await navigate("/login", { replace: true });
    } catch (cause) {
      setError(toAuthErrorFromException(cause));
    } finally {
      setBusy(false);
    }
  }

  const tokenProblem = error?.code === "INVALID_TOKEN";
  const usableLink = Boolean(token) && !linkError;

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Pick something you'll remember. At least 8 characters."
      footer={
          <>
              Remembered it? <TextLink to="/login">Back to sign in</TextLink>
          </>
      }
    >
      <form className="flex flex-col gap-5" onSubmit={(event) => void handleSubmit(event)}>
        {error ? (
          <Alert>
            <p>{error.message}</p>
            {tokenProblem ? (
              <TextLink to="/forgot-password" className="mt-1 inline-flex min-h-11 items-center text-danger-dark decoration-danger/50">
                Request a new reset link
              </TextLink>
            ) : null}
          </Alert>
        ) : null}
        {usableLink ? (
          <>
            <TextField
              label="New password"
              type="password"
              name="newPassword"
              autoComplete="new-password"
              required
              error={fieldErrors.password}
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                if (fieldErrors.password) setFieldErrors((e) => ({ ...e, password: undefined }));
              }}
            />
            <TextField
              label="Confirm new password"
              type="password"
              name="confirmNewPassword"
              autoComplete="new-password"
              required
              error={fieldErrors.confirmPassword}
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                if (fieldErrors.confirmPassword) setFieldErrors((e) => ({ ...e, confirmPassword: undefined }));
              }}
            />
            <Button type="submit" fullWidth size="lg" busy={busy} busyLabel="Saving...">
              Save new password
            </Button>
          </>
        ) : null}
      </form>
    </AuthShell>
  );
}
