import { Gift } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function ActivateGiftCodeRoute() {
  return (
    <>
      <title>{`Redeeming your gift · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Redeeming your gift"
        icon={Gift}
        description="Hang tight while we apply your gift code."
        note="Your gift redemption status will appear here."
      />
    </>
  );
}
