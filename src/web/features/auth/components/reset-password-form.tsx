import type { FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "../../../components/ui/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextLink } from "../../../components/ui/text-link";
import { useCompleteSignIn } from "../api/use-complete-sign-in";
import { toAuthError } from "../auth-errors";
import { useAuthRequest } from "../use-auth-request";
import { AuthShell, BackToSignIn } from "./auth-shell";
import { focusFirstInvalid } from "./focus-first-invalid";
import { NewPasswordFields, useNewPassword } from "./new-password-fields";

const INVALID_LINK_MESSAGE = "This reset link is invalid or has expired.";

export function ResetPasswordForm() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();

  const token = searchParams.get("token") ?? "";
  const email = searchParams.get("email") ?? "";
  // better-auth redirects here with ?error=INVALID_TOKEN when the emailed link is stale.
  const linkError = searchParams.get("error");

  const newPassword = useNewPassword();
  const { password } = newPassword;
  const { busy, error, setError, run } = useAuthRequest(
    linkError || !token ? { code: "INVALID_TOKEN", message: INVALID_LINK_MESSAGE } : null,
  );

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!newPassword.validate()) {
      focusFirstInvalid(event.currentTarget);
      return;
    }

    await run(async (authClient) => {
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
    });
  }

  const tokenProblem = error?.code === "INVALID_TOKEN";
  const usableLink = Boolean(token) && !linkError;

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Pick something you'll remember. At least 8 characters."
      footer={<BackToSignIn />}
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
            <NewPasswordFields
              newPassword={newPassword}
              labels={{ password: "New password", confirm: "Confirm new password" }}
              names={{ password: "newPassword", confirm: "confirmNewPassword" }}
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
