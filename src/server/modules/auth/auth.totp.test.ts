import * as OTPAuth from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A dad with two-factor on (enrolled without spending a code), and his authenticator. */
async function dadWithTwoFactor() {
  const user = await createSignedInUser(t);
  const enable = await jsonRequest(t, "POST", "/api/auth/two-factor/enable", { cookie: user.cookie, body: { password: user.password } });
  expect(enable.status).toBe(200);
  const totp = OTPAuth.URI.parse((await enable.json()).totpURI) as OTPAuth.TOTP;
  await t.pool.query("UPDATE two_factors SET verified = true WHERE user_id = $1", [user.id]);
  await t.pool.query("UPDATE users SET two_factor_enabled = true WHERE id = $1", [user.id]);
  return { ...user, totp };
}

async function signInWithCode(user: { email: string; password: string }, code: string) {
  const signIn = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: user.password } });
  expect(await signIn.json()).toMatchObject({ twoFactorRedirect: true });
  return jsonRequest(t, "POST", "/api/auth/two-factor/verify-totp", { cookie: cookiesFrom(signIn), body: { code } });
}

describe("a TOTP code is accepted once (issue 13.9)", () => {
  it("refuses a second sign-in with the code just used, and gives it no session", async () => {
    const dad = await dadWithTwoFactor();
    const code = dad.totp.generate();
    const first = await signInWithCode(dad, code);
    expect(first.status).toBe(200);
    const replay = await signInWithCode(dad, code);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: { code: "TOTP_CODE_REUSED", message: "This code has already been used. Wait for the next code in your authenticator app and try again." } });
    const replayCookie = cookiesFrom(replay);
    if (replayCookie) expect((await jsonRequest(t, "GET", "/api/me", { cookie: replayCookie })).status).toBe(401);
    const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM sessions WHERE user_id = $1", [dad.id]);
    expect(rows[0].n).toBe(2); // the fixture's session and the first sign-in's, none for the replay
  });

  it("refuses an older code after a newer one, and accepts the next one", async () => {
    const dad = await dadWithTwoFactor();
    const now = Date.now();
    expect((await signInWithCode(dad, dad.totp.generate({ timestamp: now }))).status).toBe(200);
    expect((await signInWithCode(dad, dad.totp.generate({ timestamp: now - 30_000 }))).status).toBe(401);
    expect((await signInWithCode(dad, dad.totp.generate({ timestamp: now + 30_000 }))).status).toBe(200);
  });

  it("lets only one of two simultaneous sign-ins with one code through", async () => {
    const dad = await dadWithTwoFactor();
    const code = dad.totp.generate();
    const statuses = (await Promise.all([signInWithCode(dad, code), signInWithCode(dad, code)])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 401]);
  });
});
