import { useParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PageContainer } from "../components/layout/page-container";
import { ArchivePage } from "../features/export/components/archive-page";

export function ArchiveRoute() {
  const { id = "" } = useParams();
  return (
    <>
      <title>{`Your archive · ${PRODUCT_NAME}`}</title>
      <PageContainer width="default">
        <ArchivePage id={id} />
      </PageContainer>
    </>
  );
}
