import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { useMe } from "../features/auth/api/get-me";
import { BillingSection } from "../features/billing/components/billing-section";
import { useChildren } from "../features/children/api/list-children";
import { FamilyDelivery } from "../features/family/components/family-delivery";
import { QuestionnaireCard } from "../features/onboarding/components/questionnaire-card";
import { DownloadEverything } from "../features/export/components/download-everything";
import { ClearPocketDadMemoryCard } from "../features/pocket-dad/components/clear-memory-card";
import { SettingsPage } from "../features/settings/components/settings-page";

export function SettingsRoute() {
  const me = useMe();
  const children = useChildren();
  return (
    <>
      <title>{`Settings · ${PRODUCT_NAME}`}</title>
      <PageContainer width="default">
        <SettingsPage
          billing={<BillingSection />}
          familyDelivery={<FamilyDelivery kids={children.data ?? []} />}
          exportPanel={(placement) => <DownloadEverything headingLevel={placement === "section" ? 3 : 4} />}
        />
        <div className="mt-8 flex flex-col gap-6">
          <QuestionnaireCard />
          <ClearPocketDadMemoryCard userId={me.data?.user.id} />
        </div>
      </PageContainer>
    </>
  );
}
