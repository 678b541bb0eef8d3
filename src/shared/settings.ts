import { z } from "zod";
import { COUNTRY_CODES, type CountryCode } from "./countries";
import { isValidTimeZone } from "./time-zone";

export const SETTINGS_COPY = {
  saved: "Settings saved successfully",
  saveFailed: "Error saving settings. Please try again.",
  profileFailed: "Error updating profile. Please try again.",
  invalidPhone: "Please enter a valid phone number",
  emailReadOnly: "Contact support if you need to change your email",
  passwordsDoNotMatchLive: "Passwords do not match",
  newPasswordsDoNotMatch: "New passwords do not match.",
  newPasswordTooShort: "New password must be at least 8 characters long.",
  passwordChanged: "Password changed successfully!",
  passwordChangeFailed: "Error changing password. Please try again.",
  currentPasswordWrong: "Your current password is wrong.",
  countryHint: "Pocket Dad gives this country's emergency and helpline numbers. Somewhere else: your local emergency number.",
} as const;

/** The digits typed so far shown as (xxx) xxx-xxxx (spec): "55512" becomes "(555) 12". */
export function formatPhone(input: string) {
  const digits = input.replace(/\D/g, "").slice(0, 10);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

export const profileInputSchema = z.object({
  fullName: z.string().trim().max(120, "Please keep your name under 120 characters"),
  /** Empty, or a complete (xxx) xxx-xxxx number. */
  phone: z
    .string()
    .trim()
    .refine((value) => value === "" || PHONE_PATTERN.test(value), SETTINGS_COPY.invalidPhone),
  timeZone: z.string().refine(isValidTimeZone, "Please choose a time zone from the list"),
  /** Which emergency numbers Pocket Dad gives; left out, it stays as it was. */
  country: z.enum(COUNTRY_CODES, "Please choose a country from the list").optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const NOTIFICATION_SETTINGS = ["emailNotifications", "pushNotifications", "childRequests", "videoReminders"] as const;
export type NotificationSettings = Record<(typeof NOTIFICATION_SETTINGS)[number], boolean>;

export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  childRequests: z.boolean(),
  videoReminders: z.boolean(),
});

/** Account deletion needs the ticked confirmation box (spec). */
export const deleteAccountSchema = z.object({
  confirm: z.literal(true, "Please tick the box to confirm you want to delete your account"),
});

export type AccountSettings = {
  /** country: the one chosen, or else the one the time zone suggests. */
  profile: { fullName: string; phone: string; email: string; timeZone: string; country: CountryCode };
  notifications: NotificationSettings;
  security: { hasPassword: boolean; twoFactorEnabled: boolean };
};
