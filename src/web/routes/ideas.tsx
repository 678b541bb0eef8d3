import { useNavigate } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { IDEAS_COPY } from "../../shared/prompt-library";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { IdeasBrowser } from "../features/ideas/components/ideas-browser";

export function IdeasRoute() {
  const navigate = useNavigate();
  return (
    <PageContainer>
      <title>{`Ideas · ${PRODUCT_NAME}`}</title>
      <PageHeading title={IDEAS_COPY.heading} description="Not sure where to start? Pick a prompt, hit record, and talk." />
      <div className="mt-8">
        <IdeasBrowser onPick={(prompt) => void navigate("/record", { state: prompt ? { prompt } : undefined })} />
      </div>
    </PageContainer>
  );
}
