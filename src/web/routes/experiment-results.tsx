import { ChartColumn } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function ExperimentResultsRoute() {
  return (
    <>
      <title>{`Landing Page Experiment Results · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Landing Page Experiment Results"
        icon={ChartColumn}
        description="Assignments and conversions per landing-page variant."
        note="Per-variant assignments and conversion rates will appear here."
      />
    </>
  );
}
