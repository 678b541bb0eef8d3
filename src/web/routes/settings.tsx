import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { SettingsPage } from "../features/settings/components/settings-page";

export function SettingsRoute() {
  return (
    <>
      <title>{`Settings · ${PRODUCT_NAME}`}</title>
      <PageContainer width="default">
        <SettingsPage />
      </PageContainer>
    </>
  );
}
