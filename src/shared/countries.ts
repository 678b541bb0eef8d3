/**
 * The countries whose emergency, poisons, crisis and child-protection numbers Pocket Dad knows. Anyone
 * elsewhere ('other') is told to call the local emergency number (112 works in most of the world).
 */
export const COUNTRY_CODES = ["US", "GB", "IE", "CA", "AU", "NZ", "IN", "other"] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export type KnownCountry = Exclude<CountryCode, "other">;

export const COUNTRY_NAMES: Record<CountryCode, string> = {
  US: "United States",
  GB: "United Kingdom",
  IE: "Ireland",
  CA: "Canada",
  AU: "Australia",
  NZ: "New Zealand",
  IN: "India",
  other: "Somewhere else",
};

export const isCountryCode = (value: unknown): value is CountryCode => (COUNTRY_CODES as readonly unknown[]).includes(value);

/** IANA zones of each known country that do not start with a prefix listed below. */
const ZONES: Record<KnownCountry, string[]> = {
  US: [
    "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix", "America/Los_Angeles", "America/Anchorage", "America/Juneau",
    "America/Sitka", "America/Metlakatla", "America/Yakutat", "America/Nome", "America/Adak", "America/Boise", "America/Detroit", "America/Menominee",
    "Pacific/Honolulu", "US/Eastern", "US/Central", "US/Mountain", "US/Pacific", "US/Alaska", "US/Hawaii", "US/Arizona",
  ],
  GB: ["Europe/London", "Europe/Belfast", "GB"],
  IE: ["Europe/Dublin", "Eire"],
  CA: [
    "America/Toronto", "America/Vancouver", "America/Edmonton", "America/Winnipeg", "America/Halifax", "America/St_Johns", "America/Regina",
    "America/Montreal", "America/Moncton", "America/Glace_Bay", "America/Goose_Bay", "America/Whitehorse", "America/Yellowknife", "America/Dawson",
    "America/Dawson_Creek", "America/Fort_Nelson", "America/Creston", "America/Swift_Current", "America/Iqaluit", "America/Rankin_Inlet",
    "America/Resolute", "America/Cambridge_Bay", "America/Inuvik", "America/Atikokan", "America/Blanc-Sablon", "America/Nipigon", "America/Thunder_Bay",
    "America/Rainy_River", "America/Pangnirtung",
  ],
  AU: [],
  NZ: ["Pacific/Auckland", "Pacific/Chatham", "NZ", "NZ-CHAT"],
  IN: ["Asia/Kolkata", "Asia/Calcutta"],
};
const PREFIXES: [string, KnownCountry][] = [
  ["America/Indiana/", "US"],
  ["America/Kentucky/", "US"],
  ["America/North_Dakota/", "US"],
  ["Australia/", "AU"],
  ["Canada/", "CA"],
];
const BY_ZONE = new Map(Object.entries(ZONES).flatMap(([country, zones]) => zones.map((zone) => [zone, country as KnownCountry])));

/** The country a time zone most likely means, or 'other' (UTC and zones of countries we have no numbers for). */
export function countryFromTimeZone(timeZone: string | null | undefined): CountryCode {
  if (!timeZone) return "other";
  return BY_ZONE.get(timeZone) ?? PREFIXES.find(([prefix]) => timeZone.startsWith(prefix))?.[1] ?? "other";
}

/** The account's country: the one Dad chose in Settings, or else the one his time zone suggests. */
export function accountCountry(profile: { country?: string | null; timeZone?: string | null }): CountryCode {
  return isCountryCode(profile.country) ? profile.country : countryFromTimeZone(profile.timeZone);
}
