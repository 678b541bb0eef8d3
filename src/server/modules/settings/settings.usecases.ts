import type { AccountSettings, NotificationSettings, ProfileInput } from "../../../shared/settings";
import type { EventBus } from "../../events/events";
import { settingsErrors } from "./settings.errors";
import type { SettingsRepository } from "./settings.repository";

const ALL_ON: NotificationSettings = { emailNotifications: true, pushNotifications: true, childRequests: true, videoReminders: true };

/** `events`: 'account.time-zone-changed' goes out when the time zone changes (date and age unlocks move with it). */
export function createSettingsUsecases(options: { settings: SettingsRepository; events?: EventBus }) {
  const { settings } = options;

  async function get(input: { userId: string }): Promise<AccountSettings> {
    const account = await settings.findAccount(input.userId);
    if (!account) throw settingsErrors.accountMissing();
    const saved = await settings.findNotifications(input.userId);
    return {
      profile: { fullName: account.fullName, phone: account.phone, email: account.email, timeZone: account.timeZone },
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
      if (!(await settings.updateProfile(input.userId, input.values))) throw settingsErrors.accountMissing();
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
