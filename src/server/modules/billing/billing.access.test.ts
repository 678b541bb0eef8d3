import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { createErrorHandler } from "../../http/error-handler";
import { type AppEnv, requireUser } from "../../http/app-env";
import { sessionMiddleware } from "../auth/auth.middleware";
import { requireAccess } from "./billing.middleware";

let t: TestApp;
let guarded: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestApp();
  // A stand-in for the recording and playback routes: the guard the memories modules mount.
  guarded = new Hono<AppEnv>();
  guarded.onError(createErrorHandler({ info: () => {}, error: (message, error) => console.error(message, error) }));
  guarded.use("*", sessionMiddleware({ auth: t.services.auth, secret: t.services.authSecret, sessions: t.services.sessions, cache: t.services.sessionCache }));
  guarded.post("/api/record", requireUser(), requireAccess(t.services.billing), (c) => c.json({ ok: true }));
});

async function userAged(days: number) {
  const user = await createSignedInUser(t);
  await t.pool.query("UPDATE profiles SET created_at = now() - make_interval(days => $2), has_access = false WHERE id = $1", [user.id, days]);
  return user;
}

async function state(user: { cookie: string }) {
  const me = await (await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).json();
  const record = await guarded.request("/api/record", { method: "POST", headers: { cookie: user.cookie, origin: TEST_ORIGIN } });
  const billing = await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json();
  return { hasAccess: me.profile.hasAccess as boolean, blocked: billing.blocked as boolean, record: record.status, body: record.status === 403 ? await record.json() : null };
}

async function addSubscription(userId: string, status: string, options: { cancelAtPeriodEnd?: boolean; periodEndDays?: number } = {}) {
  await t.pool.query(
    `INSERT INTO subscriptions (user_id, provider_subscription_id, status, interval, current_period_end, cancel_at_period_end)
     VALUES ($1, $2, $3, 'month', now() + make_interval(days => $4), $5)`,
    [userId, `sub_${userId}_${status}`, status, options.periodEndDays ?? 20, options.cancelAtPeriodEnd ?? false],
  );
}

describe("the access matrix (decisions 2.4–2.8)", () => {
  it("day 0 and day 29: free month, recording allowed, no access flag", async () => {
    for (const days of [0, 29]) {
      expect(await state(await userAged(days))).toMatchObject({ hasAccess: false, blocked: false, record: 200 });
    }
  });

  it("day 31 without access: blocked, recording refused with ACCESS_REQUIRED", async () => {
    const result = await state(await userAged(31));
    expect(result).toMatchObject({ hasAccess: false, blocked: true, record: 403 });
    expect(result.body).toEqual({ error: { code: "ACCESS_REQUIRED", message: "Your free month is over. Subscribe to keep recording and watching." } });
  });

  it.each([
    ["active", {}, true],
    ["trialing", {}, true],
    ["past_due", {}, true],
    ["active", { cancelAtPeriodEnd: true }, true], // cancelled, paid period not over yet
    ["canceled", { periodEndDays: -1 }, false], // ended
  ] as const)("day 31 with a %s subscription %o: access %s", async (status, options, expected) => {
    const user = await userAged(31);
    await addSubscription(user.id, status, options);
    expect(await state(user)).toMatchObject({ hasAccess: expected, blocked: !expected, record: expected ? 200 : 403 });
  });

  it("gift access counts until it expires, then the dad is blocked again", async () => {
    const user = await userAged(45);
    await t.pool.query("INSERT INTO billing_accounts (user_id, gift_access_until) VALUES ($1, now() + interval '10 days')", [user.id]);
    expect(await state(user)).toMatchObject({ hasAccess: true, blocked: false, record: 200 });
    await t.pool.query("UPDATE billing_accounts SET gift_access_until = now() - interval '1 minute' WHERE user_id = $1", [user.id]);
    expect(await state(user)).toMatchObject({ hasAccess: false, blocked: true, record: 403 });
  });

  it("reading access writes nothing; a billing event records profiles.has_access", async () => {
    const user = await userAged(45);
    await t.pool.query("INSERT INTO billing_accounts (user_id, gift_access_until) VALUES ($1, now() + interval '10 days')", [user.id]);
    const recorded = async () => (await t.pool.query("SELECT has_access, updated_at FROM profiles WHERE id = $1", [user.id])).rows[0];
    const before = await recorded();
    expect(await state(user)).toMatchObject({ hasAccess: true, blocked: false, record: 200 });
    expect(await recorded()).toEqual(before);
    await t.services.billing.recordAccess(user.id);
    expect((await recorded()).has_access).toBe(true);
  });

  it("an admin grant gives access", async () => {
    const user = await userAged(90);
    await t.pool.query("INSERT INTO billing_accounts (user_id, admin_grant) VALUES ($1, true)", [user.id]);
    expect(await state(user)).toMatchObject({ hasAccess: true, record: 200 });
  });

  it("the guard answers 401 before 403 without a session", async () => {
    const response = await guarded.request("/api/record", { method: "POST", headers: { origin: TEST_ORIGIN } });
    expect(response.status).toBe(401);
  });
});
