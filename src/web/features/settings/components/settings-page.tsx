import { type ReactNode, useEffect } from "react";
import { toast } from "../../../components/ui/toast";
import { GUARDIANS_COPY } from "../../../../shared/guardians";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeading } from "../../../components/ui/page-heading";
import { useSettings } from "../api/get-settings";
import { DataSection } from "./data-section";
import { NotificationsSection } from "./notifications-section";
import { PasswordForm } from "./password-form";
import { ProfileSection } from "./profile-section";
import { SettingsSection } from "./settings-section";
import { TwoFactorPanel } from "./two-factor-panel";

/**
 * `billing`: the Billing section's content (plan, status, next charge); `familyDelivery`: the Family delivery section's content; `exportPanel`: 'Download everything', in the Data section
 * and in the deletion dialog. Both are composed by the route (they belong to other features).
 */
export function SettingsPage({
  billing,
  familyDelivery,
  exportPanel,
}: { billing?: ReactNode; familyDelivery?: ReactNode; exportPanel?: (placement: "section" | "dialog") => ReactNode } = {}) {
  const settings = useSettings();
  useEffect(() => {
    if (settings.isError) toast.error("We couldn't load your settings.");
  }, [settings.isError]);

  return (
    <div className="flex flex-col gap-8">
      <PageHeading title="Settings" description="Your profile, billing, security, notifications, family delivery and data." />
      {settings.isPending ? (
        <div className="flex flex-col gap-6" aria-label="Loading settings">
          {[0, 1, 2].map((key) => (
            <div key={key} className="h-56 animate-pulse rounded-xl bg-sand-soft motion-reduce:animate-none" />
          ))}
        </div>
      ) : settings.isError ? (
        <Alert title="We couldn't load your settings.">
          <Button variant="secondary" className="mt-3" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <ProfileSection profile={settings.data.profile} />
          {billing ? (
            <div id="billing" className="scroll-mt-24">
              <SettingsSection id="billing-section" title="Billing">
                {billing}
              </SettingsSection>
            </div>
          ) : null}
          {settings.data.security.hasPassword ? (
            <SettingsSection id="security" title="Security">
              <PasswordForm />
              <TwoFactorPanel enabled={settings.data.security.twoFactorEnabled} email={settings.data.profile.email} />
            </SettingsSection>
          ) : null}
          <NotificationsSection notifications={settings.data.notifications} />
          {familyDelivery ? (
            <div id="family-delivery" className="scroll-mt-24">
              <SettingsSection id="family-delivery-section" title={GUARDIANS_COPY.sectionTitle} description={GUARDIANS_COPY.sectionDescription}>
                {familyDelivery}
              </SettingsSection>
            </div>
          ) : null}
          <DataSection exportPanel={exportPanel} />
        </>
      )}
    </div>
  );
}
