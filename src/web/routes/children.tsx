import { PRODUCT_NAME } from "../../shared/copy";
import { FamilyPrompt } from "../features/family/components/family-prompt";
import { PageContainer } from "../components/layout/page-container";
import { useChildren } from "../features/children/api/list-children";
import { ChildrenManager } from "../features/children/components/children-manager";
import { KeepsakeCardButton } from "../features/export/components/keepsake-card-button";
import { OwnKeyButton } from "../features/export/components/own-key-button";

export function ChildrenRoute() {
  const children = useChildren();
  return (
    <>
      <title>{`Children · ${PRODUCT_NAME}`}</title>
      <PageContainer>
        <div className="flex flex-col gap-8">
          <ChildrenManager
            childExtras={(child) => (
              <>
                <KeepsakeCardButton child={child} />
                <OwnKeyButton child={child} />
              </>
            )}
          />
          <FamilyPrompt hasChildren={Boolean(children.data?.length)} />
        </div>
      </PageContainer>
    </>
  );
}
