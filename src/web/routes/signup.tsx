import { PRODUCT_NAME } from "../../shared/copy";
import { SignupForm } from "../features/auth/components/signup-form";
import { GiftCodeDialog } from "../features/gifts/components/gift-code-dialog";

export function SignupRoute() {
  return (
    <>
      <title>{`Sign up · ${PRODUCT_NAME}`}</title>
      <SignupForm renderGiftCodeDialog={(props) => <GiftCodeDialog {...props} />} />
    </>
  );
}
