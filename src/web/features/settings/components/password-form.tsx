import { type FormEvent, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { MIN_PASSWORD_LENGTH } from "../../../../shared/product";
import { SETTINGS_COPY } from "../../../../shared/settings";
import { Button } from "../../../components/ui/button";
import { FieldError, TextField } from "../../../components/ui/text-field";
import { useChangePassword } from "../api/change-password";

export function PasswordForm() {
  const changePassword = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [currentPasswordWrong, setCurrentPasswordWrong] = useState(false);
  const liveMismatch = confirmPassword.length > 0 && newPassword !== confirmPassword;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword !== confirmPassword) return setError(SETTINGS_COPY.newPasswordsDoNotMatch);
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setError(SETTINGS_COPY.newPasswordTooShort);
    setError(null);
    setCurrentPasswordWrong(false);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      toast.success(SETTINGS_COPY.passwordChanged);
      setCurrentPassword("");
      setNewPassword("");
      setConfirmPassword("");
    } catch (cause) {
      const code = (cause as { code?: string }).code;
      // A wrong current password is said as such, beside the field and in the toast; anything else stays generic.
      if (code === "INVALID_PASSWORD") {
        setCurrentPasswordWrong(true);
        toast.error(SETTINGS_COPY.currentPasswordWrong);
      } else toast.error(SETTINGS_COPY.passwordChangeFailed);
    }
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      <h3 className="font-semibold">Change password</h3>
      <TextField
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => {
          setCurrentPassword(event.target.value);
          setCurrentPasswordWrong(false);
        }}
        error={currentPasswordWrong ? SETTINGS_COPY.currentPasswordWrong : null}
      />
      <TextField label="New password" type="password" name="newPassword" autoComplete="new-password" required value={newPassword} onChange={(event) => setNewPassword(event.target.value)} hint="At least 8 characters." />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
        error={liveMismatch ? SETTINGS_COPY.passwordsDoNotMatchLive : null}
      />
      {error ? (
        <FieldError>
          {error}
        </FieldError>
      ) : null}
      <p className="text-sm text-olive-dark">Changing your password signs you out on your other devices.</p>
      <Button type="submit" className="self-start" busy={changePassword.isPending} busyLabel="Changing..." disabled={!currentPassword || !newPassword || !confirmPassword}>
        Change password
      </Button>
    </form>
  );
}
