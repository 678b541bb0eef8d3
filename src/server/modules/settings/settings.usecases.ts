import { accountCountry } from "../../../shared/countries";
import type { AccountSettings, NotificationSettings, ProfileInput } from "../../../shared/settings";
import type { EventBus } from "../../events/events";
import type { UpdateNameAndTimeZone } from "../auth/auth.types";
import type { ProfilesUsecases } from "../profiles/profiles.usecases";
import { settingsErrors } from "./settings.errors";
import type { SettingsRepository } from "./settings.repository";

const ALL_ON: NotificationSettings = { emailNotifications: true, pushNotifications: true, childRequests: true, videoReminders: true };

/**
 * `events`: 'account.time-zone-changed' goes out when the time zone changes (date and age unlocks move with it).
 * `updateAccountProfile` (the profiles module) and `updateUserNameAndTimeZone` (the auth module's copy on users)
 * write the profile, in one transaction that this module opens.
 */
export function createSettingsUsecases(options: {
  settings: SettingsRepository;
  updateAccountProfile: ProfilesUsecases["updateAccountProfile"];
  updateUserNameAndTimeZone: UpdateNameAndTimeZone;
  events?: EventBus;
}) {
  const { settings } = options;

  async function get(input: { userId: string }): Promise<AccountSettings> {
    const account = await settings.findAccount(input.userId);
    if (!account) throw settingsErrors.accountMissing();
    const saved = await settings.findNotifications(input.userId);
    return {
      profile: { fullName: account.fullName, phone: account.phone, email: account.email, timeZone: account.timeZone, country: accountCountry(account) },
      notifications: saved
        ? { emailNotifications: saved.emailNotifications, pushNotifications: saved.pushNotifications, childRequests: saved.childRequests, videoReminders: saved.videoReminders }
        : ALL_ON,
      security: { hasPassword: await settings.hasPassword(input.userId), twoFactorEnabled: account.twoFactorEnabled },
    };
  }

  return {
    get,
    async updateProfile(input: { userId: string; values: ProfileInput }) {
      const before = await settings.findAccount(input.userId);
      const { userId, values } = input;
      const updated = await settings.inTransaction(async (tx) => {
        const at = new Date();
        const profile = await options.updateAccountProfile({ userId, values, at }, tx);
        await options.updateUserNameAndTimeZone({ userId, name: values.fullName, timeZone: values.timeZone, at }, tx);
        return profile;
      });
      if (!updated) throw settingsErrors.accountMissing();
      if (before && before.timeZone !== input.values.timeZone) await options.events?.emit("account.time-zone-changed", { userId: input.userId });
      return get(input);
    },
    async saveNotifications(input: { userId: string; values: NotificationSettings }) {
      await settings.saveNotifications(input.userId, input.values);
      return get(input);
    },
  };
}

export type SettingsUsecases = ReturnType<typeof createSettingsUsecases>;
