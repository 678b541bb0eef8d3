import { useParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { TestCheckoutPage } from "../features/billing/components/test-checkout-page";

/** The built-in checkout used when Stripe is not configured. Clearly labelled TEST MODE. */
export function TestCheckoutRoute() {
  const { session = "" } = useParams();
  return (
    <>
      <title>{`TEST MODE checkout · ${PRODUCT_NAME}`}</title>
      <TestCheckoutPage sessionId={session} />
    </>
  );
}
