import { useState } from "react";
import { AUTH_COPY, PASSWORD_MIN_LENGTH } from "../../../../shared/copy";
import { TextField } from "../../../components/ui/text-field";

type NewPasswordErrors = { password?: string; confirmPassword?: string };

/** A new password typed twice (sign-up, reset): at least 8 characters, both the same. */
export function useNewPassword() {
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<NewPasswordErrors>({});

  return {
    password,
    confirmPassword,
    errors,
    setPassword(value: string) {
      setPassword(value);
      setErrors((current) => ({ ...current, password: undefined }));
    },
    setConfirmPassword(value: string) {
      setConfirmPassword(value);
      setErrors((current) => ({ ...current, confirmPassword: undefined }));
    },
    /** Shows what is wrong beside the fields; true when the password may be sent. */
    validate(): boolean {
      const next: NewPasswordErrors = {};
      if (password.length < PASSWORD_MIN_LENGTH) next.password = AUTH_COPY.passwordTooShort;
      if (confirmPassword !== password) next.confirmPassword = AUTH_COPY.passwordsDoNotMatch;
      setErrors(next);
      return !next.password && !next.confirmPassword;
    },
  };
}

export type NewPasswordFieldsProps = {
  newPassword: ReturnType<typeof useNewPassword>;
  labels: { password: string; confirm: string };
  names: { password: string; confirm: string };
  /** Help under the first field while it has no error. */
  hint?: string;
};

export function NewPasswordFields({ newPassword, labels, names, hint }: NewPasswordFieldsProps) {
  const { errors } = newPassword;
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        name={names.password}
        autoComplete="new-password"
        required
        hint={errors.password ? undefined : hint}
        error={errors.password}
        value={newPassword.password}
        onChange={(event) => newPassword.setPassword(event.target.value)}
      />
      <TextField
        label={labels.confirm}
        type="password"
        name={names.confirm}
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        value={newPassword.confirmPassword}
        onChange={(event) => newPassword.setConfirmPassword(event.target.value)}
      />
    </>
  );
}
