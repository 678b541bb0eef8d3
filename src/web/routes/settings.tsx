import { Settings } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

export function SettingsRoute() {
  return (
    <>
      <title>{`Settings · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Settings"
        icon={Settings}
        description="Your profile, security, notifications and data."
        note="Profile, password, two-step verification, notifications and account deletion will live here."
      />
    </>
  );
}
