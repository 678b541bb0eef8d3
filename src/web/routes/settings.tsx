import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { useMe } from "../features/auth/api/get-me";
import { DownloadEverything } from "../features/export/components/download-everything";
import { ClearPocketDadMemoryCard } from "../features/pocket-dad/components/clear-memory-card";
import { SettingsPage } from "../features/settings/components/settings-page";

export function SettingsRoute() {
  const me = useMe();
  return (
    <>
      <title>{`Settings · ${PRODUCT_NAME}`}</title>
      <PageContainer width="default">
        <SettingsPage exportPanel={(placement) => <DownloadEverything headingLevel={placement === "section" ? 3 : 4} />} />
        <div className="mt-8">
          <ClearPocketDadMemoryCard userId={me.data?.user.id} />
        </div>
      </PageContainer>
    </>
  );
}
