import { Settings } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";
import { useMe } from "../features/auth/api/get-me";
import { ClearPocketDadMemoryCard } from "../features/pocket-dad/components/clear-memory-card";

export function SettingsRoute() {
  const me = useMe();
  return (
    <>
      <title>{`Settings · ${PRODUCT_NAME}`}</title>
      <PlaceholderPage
        title="Settings"
        icon={Settings}
        description="Your profile, security, notifications and data."
        note="Profile, password, two-step verification, notifications and account deletion will live here."
      />
      <div className="mx-auto w-full max-w-2xl px-4 pb-12">
        <ClearPocketDadMemoryCard userId={me.data?.user.id} />
      </div>
    </>
  );
}
