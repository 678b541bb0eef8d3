import { PRODUCT_NAME } from "../../shared/copy";
import { ResetPasswordForm } from "../features/auth/components/reset-password-form";

export function ResetPasswordRoute() {
  return (
    <>
      <title>{`Reset password · ${PRODUCT_NAME}`}</title>
      <ResetPasswordForm />
    </>
  );
}
