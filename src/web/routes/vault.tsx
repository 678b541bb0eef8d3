import { Archive } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function VaultRoute() {
  return (
    <>
      <title>{`Vault · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Vault"
        icon={Archive}
        description="Every narration, video and quick note you've saved, with when each one unlocks."
        note="Your saved memories will appear here, with search and filters by child and status."
      />
    </>
  );
}
