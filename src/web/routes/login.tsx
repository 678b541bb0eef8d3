import { PRODUCT_NAME } from "../../shared/copy";
import { LoginForm } from "../features/auth/components/login-form";

export function LoginRoute() {
  return (
    <>
      <title>{`Log in · ${PRODUCT_NAME}`}</title>
      <LoginForm />
    </>
  );
}
