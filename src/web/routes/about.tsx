import { Info } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function AboutRoute() {
  return (
    <>
      <title>{`About · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="About"
        icon={Info}
        description="Hey Dad helps fathers record messages their children can keep for life."
        note="About, privacy, terms and contact details will appear here."
      />
    </>
  );
}
