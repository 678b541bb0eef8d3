import { Footprints } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function DadMovesRoute() {
  return (
    <>
      <title>{`Want to download a year's worth of dad moves? · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Want to download a year's worth of dad moves?"
        icon={Footprints}
        description="52 Dad Moves, one a week. Small things that add up to a lot."
        note="The sign-up form ('Send me the moves') will appear here."
      />
    </>
  );
}
