import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ChildrenManager } from "../features/children/components/children-manager";
import { KeepsakeCardButton } from "../features/export/components/keepsake-card-button";

export function ChildrenRoute() {
  return (
    <>
      <title>{`Children · ${PRODUCT_NAME}`}</title>
      <PageContainer>
        <ChildrenManager childExtras={(child) => <KeepsakeCardButton child={child} />} />
      </PageContainer>
    </>
  );
}
