import { findPublicPage } from "../../shared/public-pages";
import { READS_COPY } from "../../shared/reads";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { ReadsGrid } from "../features/reads/components/reads-list";

/** /blog and /blog/{slug}: the same reads list (spec 002). */
export function BlogRoute() {
  return (
    <PageContainer>
      <title>{findPublicPage("/blog")!.title}</title>
      <PageHeading title={READS_COPY.heading} description={READS_COPY.subheading} />
      <div className="mt-8">
        <ReadsGrid />
      </div>
    </PageContainer>
  );
}
