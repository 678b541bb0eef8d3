import { Mic } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function RecordRoute() {
  return (
    <>
      <title>{`Record · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Record"
        icon={Mic}
        description="Record a narration, a video or a quick note for your kids."
        note="The recorder opens here: narration, video and quick note."
      />
    </>
  );
}
