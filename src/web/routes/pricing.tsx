import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { FullPageStatus } from "../components/layout/full-page-status";
import { useMe } from "../features/auth/api/get-me";
import { parsePlanIntent } from "../features/auth/plan-intent";
import { PricingPage } from "../features/billing/components/pricing-page";
import { DadDnaDetails } from "../features/dad-dna/components/dad-dna-details";

export function PricingRoute() {
  const [searchParams] = useSearchParams();
  const me = useMe();
  const isGuest = searchParams.get("isGuest") === "true";
  const plan = parsePlanIntent(searchParams.get("plan"));
  return (
    <>
      <title>{`${isGuest ? "Gift a subscription" : "Pricing"} · ${PRODUCT_NAME}`}</title>
      {me.isPending ? (
        <FullPageStatus>Loading...</FullPageStatus>
      ) : (
        <>
          <PricingPage isGuest={isGuest} signedIn={Boolean(me.data)} email={me.data?.user.email} initialInterval={plan === "monthly" ? "month" : "year"} />
          {isGuest ? null : <DadDnaDetails signedIn={Boolean(me.data)} />}
        </>
      )}
    </>
  );
}
