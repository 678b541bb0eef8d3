import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { OnboardingFlow, type OnboardingTarget } from "../features/onboarding/components/onboarding-flow";

const TARGETS: OnboardingTarget[] = ["dashboard", "pocket-dad", "settings"];

export function OnboardingRoute() {
  const [params] = useSearchParams();
  return (
    <>
      <title>{`Set up Pocket Dad · ${PRODUCT_NAME}`}</title>
      <PageContainer width="narrow" className="sm:max-w-xl">
        <OnboardingFlow then={TARGETS.find((target) => target === params.get("then")) ?? "dashboard"} retake={params.get("retake") === "1"} />
      </PageContainer>
    </>
  );
}
