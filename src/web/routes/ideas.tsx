import { Lightbulb } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function IdeasRoute() {
  return (
    <>
      <title>{`Ideas · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Ideas"
        icon={Lightbulb}
        description="Prompts to get you talking when you don't know where to start."
        note="Browse prompt categories and start recording from any idea."
      />
    </>
  );
}
