import { useParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ClaimPage } from "../features/export/components/claim-page";

export function ClaimRoute() {
  const { code } = useParams();
  return (
    <>
      <title>{`Keepsake card · ${PRODUCT_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <PageContainer width="default">
        <ClaimPage code={code} />
      </PageContainer>
    </>
  );
}
