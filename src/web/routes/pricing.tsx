import { Tag } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function PricingRoute() {
  return (
    <>
      <title>{`Pricing · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Pricing"
        icon={Tag}
        description="One plan, two ways to pay. Your first month is free, no credit card needed."
        note="Monthly and Annual plans will be shown here."
      />
    </>
  );
}
