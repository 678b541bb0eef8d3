import { FileText, ShieldCheck } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function PrivacyRoute() {
  return (
    <>
      <title>{`Privacy Policy · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Privacy Policy"
        icon={ShieldCheck}
        description="Effective 5/26/2025. How we collect, use and protect your information."
        note="The full privacy policy will appear here."
      />
    </>
  );
}

export function TermsRoute() {
  return (
    <>
      <title>{`Terms of Service · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Terms of Service"
        icon={FileText}
        description="Effective 5/26/2025. The agreement between you and Hey Dad."
        note="The full terms of service will appear here."
      />
    </>
  );
}
