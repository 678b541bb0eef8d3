import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, createSignedInUser, createTestApp, jsonRequest, linkFrom, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { profiles } from "../profiles/profiles.table";
import { sessions, users } from "./auth.table";

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each sign-up below can come from its own address (5 a minute per address).
  t = await createTestApp({ TRUST_PROXY: "true" });
});

let address = 1;
const signUp = (email: string, password = "correct-horse-1", extra: Record<string, unknown> = {}) =>
  jsonRequest(t, "POST", "/api/auth/sign-up/email", {
    body: { email, password, name: "", timeZone: "America/Chicago", callbackURL: "/dashboard", ...extra },
    headers: { "x-forwarded-for": `203.0.113.${address++}` },
  });

describe("sign-up", () => {
  it("creates the user and its profile together, with the browser's time zone, and sends a confirmation", async () => {
    const response = await signUp("new.dad@example.com");
    expect(response.status).toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, "new.dad@example.com"));
    expect(user.emailVerified).toBe(false);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile).toMatchObject({ email: "new.dad@example.com", fullName: "", timeZone: "America/Chicago", hasAccess: false });
    const email = await waitForEmail(t, "new.dad@example.com", { subjectIncludes: "Confirm" });
    expect(email.html).toContain("Confirm my email");
    expect(email.text).toContain("/api/auth/verify-email?token=");
  });

  it("falls back to UTC for a time zone that does not exist", async () => {
    await signUp("tz.dad@example.com", "correct-horse-1", { timeZone: "Mars/Olympus" });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "tz.dad@example.com"));
    expect(profile.timeZone).toBe("UTC");
  });

  it("refuses a password shorter than 8 characters", async () => {
    const response = await signUp("short.dad@example.com", "seven77");
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("PASSWORD_TOO_SHORT");
    expect(await t.db.select().from(users).where(eq(users.email, "short.dad@example.com"))).toHaveLength(0);
  });

  it("refuses a request from another site's origin", async () => {
    const response = await t.app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie: "x=1" },
      body: JSON.stringify({ email: "evil@example.com", password: "correct-horse-1", name: "" }),
    });
    expect(response.status).toBe(403);
  });
});

describe("email confirmation and sign-in", () => {
  it("blocks sign-in until the address is confirmed; the emailed link signs in and lands on /dashboard", async () => {
    await signUp("confirm.dad@example.com");
    const blocked = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: "confirm.dad@example.com", password: "correct-horse-1" } });
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.code).toBe("EMAIL_NOT_VERIFIED");

    const email = await waitForEmail(t, "confirm.dad@example.com");
    const link = new URL(linkFrom(email.text));
    const confirmed = await t.app.request(link.pathname + link.search);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/dashboard");
    const cookie = confirmed.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const setCookie = confirmed.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await jsonRequest(t, "GET", "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect((await me.json()).profile.email).toBe("confirm.dad@example.com");
  });

  it("resends the confirmation email on request", async () => {
    await signUp("resend.dad@example.com");
    await waitForEmail(t, "resend.dad@example.com");
    const response = await jsonRequest(t, "POST", "/api/auth/send-verification-email", { body: { email: "resend.dad@example.com", callbackURL: "/dashboard" } });
    expect(response.status).toBe(200);
    await expect.poll(async () => (await t.services.mailbox.list()).filter((m) => m.to === "resend.dad@example.com").length, { timeout: 10_000 }).toBe(2);
  });

  it("answers a wrong password with 401 and a message", async () => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: "wrong-password" } });
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe("Invalid email or password");
  });
});

describe("sessions", () => {
  // Each test uses the session first, so the app holds it in its few-second session cache.
  it("sign-out ends the session on the server at once", async () => {
    const user = await createSignedInUser(t);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(200);
    const out = await jsonRequest(t, "POST", "/api/auth/sign-out", { cookie: user.cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(401);
    expect((await jsonRequest(t, "GET", "/api/memories", { cookie: user.cookie })).status).toBe(401);
  });

  it("revoking the other sessions ends them at once", async () => {
    const user = await createSignedInUser(t);
    const otherDevice = cookiesFrom(await t.services.auth.api.signInEmail({ body: { email: user.email, password: user.password }, asResponse: true }));
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: otherDevice })).status).toBe(200);
    expect((await jsonRequest(t, "POST", "/api/auth/revoke-other-sessions", { cookie: user.cookie, body: {} })).status).toBe(200);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: otherDevice })).status).toBe(401);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(200);
  });

  it("a session looked up again within the cache's seconds is not read from the database again", async () => {
    const user = await createSignedInUser(t);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(200);
    const findByToken = t.services.sessions.findByToken;
    let lookups = 0;
    t.services.sessions.findByToken = (token) => (lookups++, findByToken(token));
    try {
      expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(200);
    } finally {
      t.services.sessions.findByToken = findByToken;
    }
    expect(lookups).toBe(0);
  });
});

describe("session resolution", () => {
  it("refuses a tampered session cookie", async () => {
    const user = await createSignedInUser(t);
    const tampered = user.cookie.replace(/session_token=([^.;]+)/, (_m, token: string) => `session_token=${token.slice(0, -2)}xx`);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: tampered })).status).toBe(401);
  });

  it("refuses a session cookie whose signature was altered after the genuine one was accepted", async () => {
    const user = await createSignedInUser(t);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(200);
    const altered = user.cookie.replace(/session_token=([^;]+)/, (_m, value: string) => {
      const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
      return `session_token=${encodeURIComponent(`${token}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`)}`;
    });
    expect(altered).not.toBe(user.cookie);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: altered })).status).toBe(401);
  });

  it("refuses an expired session", async () => {
    const user = await createSignedInUser(t);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(401);
  });

  it("extends a session used more than a day after it was last extended", async () => {
    const user = await createSignedInUser(t);
    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    await t.db.update(sessions).set({ expiresAt: inTwoDays }).where(eq(sessions.userId, user.id));
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(200);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  });
});

describe("password reset", () => {
  it("emails a reset link; the new password works and the old one does not", async () => {
    const user = await createSignedInUser(t);
    const request = await jsonRequest(t, "POST", "/api/auth/request-password-reset", { body: { email: user.email, redirectTo: "/reset-password" } });
    expect(request.status).toBe(200);
    const email = await waitForEmail(t, user.email, { subjectIncludes: "Reset" });
    const link = new URL(linkFrom(email.text));
    expect(link.pathname).toBe("/reset-password");
    expect(link.searchParams.get("email")).toBe(user.email);

    const reset = await jsonRequest(t, "POST", "/api/auth/reset-password", { body: { token: link.searchParams.get("token"), newPassword: "a-brand-new-one" } });
    expect(reset.status).toBe(200);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(401);
    const oldPassword = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: user.password } });
    expect(oldPassword.status).toBe(401);
    const newPassword = await jsonRequest(t, "POST", "/api/auth/sign-in/email", { body: { email: user.email, password: "a-brand-new-one" } });
    expect(newPassword.status).toBe(200);
  });

  it("refuses a reset to a password under 8 characters", async () => {
    const response = await jsonRequest(t, "POST", "/api/auth/reset-password", { body: { token: "whatever", newPassword: "short" } });
    expect(response.status).toBe(400);
  });
});
