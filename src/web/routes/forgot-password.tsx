import { PRODUCT_NAME } from "../../shared/copy";
import { ForgotPasswordForm } from "../features/auth/components/forgot-password-form";

export function ForgotPasswordRoute() {
  return (
    <>
      <title>{`Forgot password · ${PRODUCT_NAME}`}</title>
      <ForgotPasswordForm />
    </>
  );
}
