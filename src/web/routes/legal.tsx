import { findPublicPage } from "../../shared/public-pages";
import { PageContainer } from "../components/layout/page-container";
import { PageHeading } from "../components/ui/page-heading";
import { LEGAL_EFFECTIVE_DATE } from "../features/legal/components/legal-document";
import { PrivacyPolicy } from "../features/legal/components/privacy-policy";
import { TermsOfService } from "../features/legal/components/terms-of-service";

export function PrivacyRoute() {
  return (
    <PageContainer width="default">
      <title>{findPublicPage("/privacy")!.title}</title>
      <PageHeading title="Privacy Policy" description={`Effective ${LEGAL_EFFECTIVE_DATE}`} />
      <div className="mt-10">
        <PrivacyPolicy />
      </div>
    </PageContainer>
  );
}

export function TermsRoute() {
  return (
    <PageContainer width="default">
      <title>{findPublicPage("/terms")!.title}</title>
      <PageHeading title="Terms of Service" description={`Effective ${LEGAL_EFFECTIVE_DATE}`} />
      <div className="mt-10">
        <TermsOfService />
      </div>
    </PageContainer>
  );
}
