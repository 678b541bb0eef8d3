import { Compass } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function OnboardingRoute() {
  return (
    <>
      <title>{`Set up Pocket Dad · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Set up Pocket Dad"
        icon={Compass}
        description="Five quick questions keep Pocket Dad tuned to you."
        note="The five-step questionnaire will appear here."
      />
    </>
  );
}
