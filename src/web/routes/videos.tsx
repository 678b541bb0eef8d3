import { Video } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function VideosRoute() {
  return (
    <>
      <title>{`Videos · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Videos"
        icon={Video}
        description="Videos you've recorded, filtered by child."
        note="Videos for the selected child will be listed here."
      />
    </>
  );
}
