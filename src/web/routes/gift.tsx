import { Gift } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function GiftRoute() {
  return (
    <>
      <title>{`Gift Dad a subscription · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Gift Dad a subscription"
        icon={Gift}
        description="Give him the words and the way to keep them. A gift code arrives by email to pass on."
        note="Gift plans and checkout will appear here."
      />
    </>
  );
}
