import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { OnboardingFlow } from "../features/onboarding/components/onboarding-flow";

export function OnboardingRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>{`Set up Pocket Dad · ${PRODUCT_NAME}`}</title>
      <PageContainer width="narrow" className="sm:max-w-xl">
        <OnboardingFlow then={params.get("then") === "pocket-dad" ? "pocket-dad" : "dashboard"} />
      </PageContainer>
    </>
  );
}
