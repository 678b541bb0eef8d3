import { CreditCard } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function SuccessRoute() {
  return (
    <>
      <title>{`Verifying your payment · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Verifying your payment"
        icon={CreditCard}
        description="We're confirming your payment with our payment provider."
        note="Your payment result will appear here."
      />
    </>
  );
}
