import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { type NotificationSettings, SETTINGS_COPY } from "../../../../shared/settings";
import { Button } from "../../../components/ui/button";
import { Switch } from "../../../components/ui/switch";
import { useSaveNotifications } from "../api/save-notifications";
import { SettingsSection } from "./settings-section";

const TOGGLES: Array<{ key: keyof NotificationSettings; label: string; hint: string }> = [
  { key: "emailNotifications", label: "Email notifications", hint: "Unlocks, finished videos and account news by email." },
  { key: "pushNotifications", label: "Push notifications", hint: "Alerts on this device when something needs you." },
  { key: "childRequests", label: "Child requests", hint: "When a child or guardian asks for a message." },
  { key: "videoReminders", label: "Video reminders", hint: "A gentle nudge before birthdays and milestones." },
];

export function NotificationsSection({ notifications }: { notifications: NotificationSettings }) {
  const save = useSaveNotifications();
  const [values, setValues] = useState(notifications);

  async function submit() {
    try {
      await save.mutateAsync(values);
      toast.success(SETTINGS_COPY.saved, { duration: 3000 });
    } catch {
      toast.error(SETTINGS_COPY.saveFailed);
    }
  }

  return (
    <SettingsSection id="notifications" title="Notifications">
      <ul className="flex flex-col divide-y divide-sand-soft">
        {TOGGLES.map((toggle) => (
          <li key={toggle.key} className="flex items-center justify-between gap-4 py-3">
            <div className="flex flex-col">
              <label htmlFor={`toggle-${toggle.key}`} className="font-medium">
                {toggle.label}
              </label>
              <span id={`toggle-${toggle.key}-hint`} className="text-sm text-olive-dark">
                {toggle.hint}
              </span>
            </div>
            <Switch
              id={`toggle-${toggle.key}`}
              checked={values[toggle.key]}
              aria-describedby={`toggle-${toggle.key}-hint`}
              onCheckedChange={(checked) => setValues((current) => ({ ...current, [toggle.key]: checked }))}
            />
          </li>
        ))}
      </ul>
      <Button className="self-start" onClick={() => void submit()} busy={save.isPending} busyLabel="Saving...">
        Save notifications
      </Button>
    </SettingsSection>
  );
}
