import { type FormEvent, useMemo, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { COUNTRY_CODES, COUNTRY_NAMES, type CountryCode } from "../../../../shared/countries";
import { type AccountSettings, formatPhone, profileInputSchema, SETTINGS_COPY } from "../../../../shared/settings";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useUpdateProfile } from "../api/update-profile";
import { SettingsSection } from "./settings-section";

function timeZones(current: string) {
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return all.includes(current) ? all : [current, ...all];
}

export function ProfileSection({ profile }: { profile: AccountSettings["profile"] }) {
  const updateProfile = useUpdateProfile();
  const [fullName, setFullName] = useState(profile.fullName);
  const [phone, setPhone] = useState(profile.phone);
  const [timeZone, setTimeZone] = useState(profile.timeZone);
  const [country, setCountry] = useState<CountryCode>(profile.country);
  const [errors, setErrors] = useState<Partial<Record<"fullName" | "phone" | "timeZone", string>>>({});
  const zones = useMemo(() => timeZones(profile.timeZone), [profile.timeZone]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileInputSchema.safeParse({ fullName, phone, timeZone, country });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof typeof errors] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    try {
      await updateProfile.mutateAsync(parsed.data);
      toast.success(SETTINGS_COPY.saved, { duration: 3000 });
    } catch {
      toast.error(SETTINGS_COPY.profileFailed);
    }
  }

  return (
    <SettingsSection id="profile" title="Profile">
      <form className="flex flex-col gap-5" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Name" name="fullName" autoComplete="name" value={fullName} error={errors.fullName} onChange={(event) => setFullName(event.target.value)} />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          value={phone}
          error={errors.phone}
          onChange={(event) => setPhone(formatPhone(event.target.value))}
        />
        <TextField label="Email" name="email" type="email" value={profile.email} readOnly disabled hint={SETTINGS_COPY.emailReadOnly} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="time-zone" className="text-sm font-medium">
            Time zone
          </label>
          <select
            id="time-zone"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            aria-describedby="time-zone-hint"
            className="min-h-11 w-full rounded-lg border border-sand bg-white px-3 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-dark"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          <p id="time-zone-hint" className="text-sm text-olive-dark">
            Date unlocks open at the start of the day in this time zone.
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="country" className="text-sm font-medium">
            Country
          </label>
          <select
            id="country"
            value={country}
            onChange={(event) => setCountry(event.target.value as CountryCode)}
            aria-describedby="country-hint"
            className="min-h-11 w-full rounded-lg border border-sand bg-white px-3 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-dark"
          >
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {COUNTRY_NAMES[code]}
              </option>
            ))}
          </select>
          <p id="country-hint" className="text-sm text-olive-dark">
            {SETTINGS_COPY.countryHint}
          </p>
        </div>
        <Button type="submit" className="self-start" busy={updateProfile.isPending} busyLabel="Saving...">
          Save profile
        </Button>
      </form>
    </SettingsSection>
  );
}
