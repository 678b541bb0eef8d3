import { Users } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function ChildrenRoute() {
  return (
    <>
      <title>{`Children · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Children"
        icon={Users}
        description="The kids you're recording for. Add each child to personalise messages and unlocks."
        note="Add your children here to assign memories and track what each one will receive."
      />
    </>
  );
}
