import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { usePublicConfig } from "../features/auth/api/get-config";
import { PaymentResult } from "../features/billing/components/payment-result";

export function SuccessRoute() {
  const [searchParams] = useSearchParams();
  const config = usePublicConfig();
  return (
    <>
      <title>{`Your payment · ${PRODUCT_NAME}`}</title>
      <PaymentResult sessionId={searchParams.get("session_id")} isGuest={searchParams.get("isGuest") === "true"} supportEmail={config.supportEmail} />
    </>
  );
}
