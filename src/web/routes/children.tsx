import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ChildrenManager } from "../features/children/components/children-manager";

export function ChildrenRoute() {
  return (
    <>
      <title>{`Children · ${PRODUCT_NAME}`}</title>
      <PageContainer>
        <ChildrenManager />
      </PageContainer>
    </>
  );
}
