import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { type NotificationSettings, SETTINGS_COPY } from "../../../../shared/settings";
import { Button } from "../../../components/ui/button";
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
            <button
              id={`toggle-${toggle.key}`}
              type="button"
              role="switch"
              aria-checked={values[toggle.key]}
              aria-describedby={`toggle-${toggle.key}-hint`}
              onClick={() => setValues((current) => ({ ...current, [toggle.key]: !current[toggle.key] }))}
              className="relative inline-flex h-11 w-16 shrink-0 items-center rounded-full focus-visible:outline-3 focus-visible:outline-accent-dark"
            >
              <span className={`absolute inset-x-1 h-7 rounded-full transition-colors duration-150 ${values[toggle.key] ? "bg-accent-dark" : "bg-sand"}`} />
              <span className={`relative size-6 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none ${values[toggle.key] ? "translate-x-8" : "translate-x-2"}`} />
            </button>
          </li>
        ))}
      </ul>
      <Button className="self-start" onClick={() => void submit()} busy={save.isPending} busyLabel="Saving...">
        Save notifications
      </Button>
    </SettingsSection>
  );
}
