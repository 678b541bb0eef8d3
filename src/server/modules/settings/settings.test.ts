import { symmetricEncrypt } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, createSignedInUser, createTestApp, jsonRequest, TEST_AUTH_SECRET, type TestApp } from "../../../../tests/support/test-app";
import { twoFactors } from "../auth/auth.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const errorOf = async (response: Response) => (await response.json()).error;
const settingsOf = async (cookie: string) => (await jsonRequest(t, "GET", "/api/settings", { cookie })).json();

describe("profile", () => {
  it("shows the profile with every notification on by default and the password section for email accounts", async () => {
    const user = await createSignedInUser(t, { timeZone: "America/Denver" });
    expect(await settingsOf(user.cookie)).toEqual({
      profile: { fullName: "", phone: "", email: user.email, timeZone: "America/Denver", country: "US" },
      notifications: { emailNotifications: true, pushNotifications: true, childRequests: true, videoReminders: true },
      security: { hasPassword: true, twoFactorEnabled: false },
    });
  });

  it("saves name, phone and time zone (the email cannot be changed here)", async () => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "PUT", "/api/settings/profile", {
      cookie: user.cookie,
      body: { fullName: " Sam Carter ", phone: "(555) 123-4567", timeZone: "Europe/Paris", email: "new@example.com" },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).profile).toEqual({ fullName: "Sam Carter", phone: "(555) 123-4567", email: user.email, timeZone: "Europe/Paris", country: "other" });
    const me = await (await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).json();
    expect(me.profile).toMatchObject({ fullName: "Sam Carter", timeZone: "Europe/Paris", email: user.email });
  });

  it.each([
    [{ fullName: "Sam", phone: "555-1234", timeZone: "UTC" }, "phone: Please enter a valid phone number"],
    [{ fullName: "Sam", phone: "(555) 123-456", timeZone: "UTC" }, "phone: Please enter a valid phone number"],
    [{ fullName: "Sam", phone: "", timeZone: "Mars/Olympus" }, "timeZone: Please choose a time zone from the list"],
    [{ fullName: "x".repeat(121), phone: "", timeZone: "UTC" }, "fullName: Please keep your name under 120 characters"],
    [{ fullName: "Sam", phone: "", timeZone: "UTC", country: "FR" }, "country: Please choose a country from the list"],
  ])("refuses %j", async (body, message) => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: user.cookie, body });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });
});

describe("country (whose emergency numbers Pocket Dad gives)", () => {
  it("is guessed from the time zone until Dad chooses one, which then stays whatever the time zone", async () => {
    const user = await createSignedInUser(t, { timeZone: "Australia/Sydney" });
    expect((await settingsOf(user.cookie)).profile.country).toBe("AU");
    const save = (body: object) => jsonRequest(t, "PUT", "/api/settings/profile", { cookie: user.cookie, body: { fullName: "", phone: "", ...body } });
    // A time zone he moves to suggests its country while he has chosen none.
    expect((await (await save({ timeZone: "Europe/London" })).json()).profile.country).toBe("GB");
    const chosen = await save({ timeZone: "Europe/London", country: "IE" });
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).profile.country).toBe("IE");
    expect((await (await save({ timeZone: "Asia/Kolkata" })).json()).profile.country).toBe("IE");
    const stored = await t.pool.query("SELECT country FROM profiles WHERE id = $1", [user.id]);
    expect(stored.rows).toEqual([{ country: "IE" }]);
    expect((await (await save({ timeZone: "Asia/Kolkata", country: "other" })).json()).profile.country).toBe("other");
  });
});

describe("notifications", () => {
  it("saves the four toggles to user_settings and reads them back", async () => {
    const user = await createSignedInUser(t);
    const values = { emailNotifications: false, pushNotifications: true, childRequests: false, videoReminders: true };
    const response = await jsonRequest(t, "PUT", "/api/settings/notifications", { cookie: user.cookie, body: values });
    expect(response.status).toBe(200);
    expect((await settingsOf(user.cookie)).notifications).toEqual(values);
    const stored = await t.pool.query("SELECT email_notifications, child_requests FROM user_settings WHERE user_id = $1", [user.id]);
    expect(stored.rows).toEqual([{ email_notifications: false, child_requests: false }]);
  });

  it("refuses a missing toggle", async () => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "PUT", "/api/settings/notifications", { cookie: user.cookie, body: { emailNotifications: true } });
    expect(response.status).toBe(400);
  });

  it("only ever reads and writes the signed-in dad's own settings", async () => {
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    await jsonRequest(t, "PUT", "/api/settings/notifications", { cookie: first.cookie, body: { emailNotifications: false, pushNotifications: false, childRequests: false, videoReminders: false } });
    await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: first.cookie, body: { fullName: "First", phone: "(555) 000-1111", timeZone: "UTC" } });
    const seen = await settingsOf(second.cookie);
    expect(seen.profile).toMatchObject({ fullName: "", phone: "", email: second.email });
    expect(seen.notifications.emailNotifications).toBe(true);
  });
});

describe("password change (better-auth)", () => {
  const change = (cookie: string, body: Record<string, unknown>) => jsonRequest(t, "POST", "/api/auth/change-password", { cookie, body: { revokeOtherSessions: true, ...body } });

  it("checks the current password", async () => {
    const user = await createSignedInUser(t);
    const response = await change(user.cookie, { currentPassword: "not-my-password", newPassword: "a-new-password" });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("INVALID_PASSWORD");
  });

  it("refuses a new password under 8 characters", async () => {
    const user = await createSignedInUser(t);
    const response = await change(user.cookie, { currentPassword: user.password, newPassword: "short7!" });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("PASSWORD_TOO_SHORT");
  });

  it("changes the password and ends the account's other sessions", async () => {
    const user = await createSignedInUser(t);
    const otherDevice = cookiesFrom(await t.services.auth.api.signInEmail({ body: { email: user.email, password: user.password }, asResponse: true }));
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: otherDevice })).status).toBe(200);
    const response = await change(user.cookie, { currentPassword: user.password, newPassword: "a-new-password" });
    expect(response.status).toBe(200);
    const thisDevice = cookiesFrom(response) || user.cookie;
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: otherDevice })).status).toBe(401);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: thisDevice })).status).toBe(200);
    const signIn = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: "a-new-password" } });
    expect(signIn.status).toBe(200);
  });
});

describe("two-factor sign-in (better-auth TOTP)", () => {
  it("enrols with a confirmation code, then asks for a code at sign-in; a backup code also works; disabling turns it off", async () => {
    const user = await createSignedInUser(t);
    const enable = await jsonRequest(t, "POST", "/api/auth/two-factor/enable", { cookie: user.cookie, body: { password: user.password } });
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = await enable.json();
    expect(backupCodes.length).toBeGreaterThanOrEqual(10);
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    // better-auth renews the session when two-factor settings change.
    let cookie = cookiesFrom(enable) || user.cookie;
    expect((await settingsOf(cookie)).security.twoFactorEnabled).toBe(false);

    const confirm = await jsonRequest(t, "POST", "/api/auth/two-factor/verify-totp", { cookie, body: { code: totp.generate() } });
    expect(confirm.status).toBe(200);
    cookie = cookiesFrom(confirm) || cookie;
    expect((await settingsOf(cookie)).security.twoFactorEnabled).toBe(true);

    const signIn = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: user.password } });
    expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookiesFrom(signIn);
    expect((await jsonRequest(t, "POST", "/api/auth/two-factor/verify-totp", { cookie: pending, body: { code: "000000" } })).status).toBe(401);
    // The confirmation spent this time step's code: a code is accepted once, so sign-in takes the next one.
    const verified = await jsonRequest(t, "POST", "/api/auth/two-factor/verify-totp", { cookie: pending, body: { code: totp.generate({ timestamp: Date.now() + 30_000 }) } });
    expect(verified.status).toBe(200);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: cookiesFrom(verified) })).status).toBe(200);

    const again = cookiesFrom(await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: user.password } }));
    const backup = await jsonRequest(t, "POST", "/api/auth/two-factor/verify-backup-code", { cookie: again, body: { code: backupCodes[0] } });
    expect(backup.status).toBe(200);

    const disable = await jsonRequest(t, "POST", "/api/auth/two-factor/disable", { cookie, body: { password: user.password } });
    expect(disable.status).toBe(200);
    expect((await settingsOf(cookiesFrom(disable) || cookie)).security.twoFactorEnabled).toBe(false);
  });
});

describe("backup codes typed from paper", () => {
  async function enrolled() {
    const user = await createSignedInUser(t);
    const enable = await jsonRequest(t, "POST", "/api/auth/two-factor/enable", { cookie: user.cookie, body: { password: user.password } });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const cookie = cookiesFrom(enable) || user.cookie;
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    expect((await jsonRequest(t, "POST", "/api/auth/two-factor/verify-totp", { cookie, body: { code: totp.generate() } })).status).toBe(200);
    const pendingSignIn = async () => cookiesFrom(await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: user.password } }));
    const useBackupCode = async (code: string) => jsonRequest(t, "POST", "/api/auth/two-factor/verify-backup-code", { cookie: await pendingSignIn(), body: { code } });
    return { user, backupCodes, useBackupCode };
  }

  it("accepts a code with or without its dash, in either case, with stray spaces, once each", async () => {
    const { backupCodes, useBackupCode } = await enrolled();
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const [first, second, third] = backupCodes;
    expect((await useBackupCode(first.replace("-", "").toUpperCase())).status).toBe(200);
    expect((await useBackupCode(` ${second.toUpperCase()} `)).status).toBe(200);
    expect((await useBackupCode(third.replace("-", " "))).status).toBe(200);
    // Used codes are gone, however they are typed.
    expect((await useBackupCode(first)).status).toBe(401);
    expect((await useBackupCode("abcde-12345")).status).toBe(401);
  });

  it("accepts codes issued before, in mixed case, typed in any case", async () => {
    const { user, useBackupCode } = await enrolled();
    const legacy = ["hELpq-hy6US", "Zz9aB-Q0wXy"];
    await t.db
      .update(twoFactors)
      .set({ backupCodes: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: JSON.stringify(legacy) }) })
      .where(eq(twoFactors.userId, user.id));
    expect((await useBackupCode("HELPQHY6US")).status).toBe(200);
    expect((await useBackupCode("zz9ab-q0wxy")).status).toBe(200);
    expect((await useBackupCode("hELpq-hy6US")).status).toBe(401);
  });
});
