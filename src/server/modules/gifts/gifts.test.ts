import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { generateGiftCode } from "./gifts.usecases";

let t: TestApp;
let ipCounter = 0;
beforeAll(async () => {
  // Behind a trusted proxy each request can carry its own client address, so the rate limit stays on.
  t = await createTestApp({ TRUST_PROXY: "true" });
});

const fromNewIp = () => ({ "x-forwarded-for": `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

async function issueGift(months = 1) {
  const checkoutSessionId = `cs_test_${crypto.randomUUID()}`;
  await t.services.gifts.issueForPurchase({ checkoutSessionId, buyerEmail: "mom@example.com", months });
  const { rows } = await t.pool.query("SELECT code FROM gift_codes WHERE checkout_session_id = $1", [checkoutSessionId]);
  return rows[0].code as string;
}

const redeem = (user: { cookie: string }, giftCode: string) =>
  jsonRequest(t, "POST", "/api/redeem-giftcode", { cookie: user.cookie, body: { giftCode }, headers: fromNewIp() });

const check = async (giftCode: string) =>
  (await (await jsonRequest(t, "GET", `/api/check-giftcode?giftCode=${encodeURIComponent(giftCode)}`, { headers: fromNewIp() })).json()) as { valid: boolean };

describe("gift codes (decisions 2.8)", () => {
  it("generates 13 characters from the alphabet", () => {
    for (let i = 0; i < 200; i++) expect(generateGiftCode()).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{13}$/);
  });

  it("20 simultaneous redemptions of one code: exactly one succeeds", async () => {
    const code = await issueGift();
    const users = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(t)));
    const responses = await Promise.all(users.map((user) => redeem(user, code)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM billing_accounts WHERE gift_access_until > now()");
    expect(rows[0].n).toBe(1);
  });

  it("accepts the code in any case, grants a month, and refuses it once used", async () => {
    const code = await issueGift(1);
    const user = await createSignedInUser(t);
    expect(await check(code.toLowerCase())).toEqual({ valid: true, data: true });
    const response = await redeem(user, code.toLowerCase());
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, months: 1 });
    const days = (new Date(body.accessUntil).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await (await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).json()).profile.hasAccess).toBe(true);
    // /pricing shows whose gift it is and until when.
    const billing = await (await jsonRequest(t, "GET", "/api/billing", { cookie: user.cookie })).json();
    expect(billing).toMatchObject({ giftFrom: "mom@example.com", giftAccessUntil: body.accessUntil });
    expect((await (await jsonRequest(t, "GET", "/api/billing", { cookie: (await createSignedInUser(t)).cookie })).json()).giftFrom).toBeNull();

    const again = await redeem(await createSignedInUser(t), code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { code: "GIFT_CODE_INVALID", message: "This gift code may have expired, already been used, or is invalid." } });
    expect(await check(code)).toEqual({ valid: false, data: false });
  });

  it("refuses 12 and 14 characters, unknown codes and look-alike characters", async () => {
    const user = await createSignedInUser(t);
    for (const code of ["ABCDEFGHJKMN", "ABCDEFGHJKMN23"]) {
      const response = await redeem(user, code);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe("giftCode: A gift code has 13 letters and digits.");
      expect(await check(code)).toEqual({ valid: false, data: false });
    }
    expect((await redeem(user, "ABCDEFGHJKMN2")).status).toBe(400);
    expect(await check("ABCDEFGHJKMN2")).toEqual({ valid: false, data: false });
    expect(await check("ABCDEFGHJKMNO")).toEqual({ valid: false, data: false });
  });

  it("adds the months after access already held", async () => {
    const user = await createSignedInUser(t);
    await redeem(user, await issueGift(12));
    const second = await (await redeem(user, await issueGift(1))).json();
    const days = (new Date(second.accessUntil).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(365 + 27);
    expect(days).toBeLessThan(366 + 32);
  });

  it("takes the user from the session, never the body", async () => {
    const code = await issueGift();
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const response = await jsonRequest(t, "POST", "/api/redeem-giftcode", { cookie: owner.cookie, body: { giftCode: code, userId: other.id }, headers: fromNewIp() });
    expect(response.status).toBe(200);
    expect((await t.pool.query("SELECT redeemed_by FROM gift_codes WHERE code = $1", [code])).rows[0].redeemed_by).toBe(owner.id);
    expect((await jsonRequest(t, "POST", "/api/redeem-giftcode", { body: { giftCode: code } })).status).toBe(401);
  });

  it("rate-limits code checks from one address", async () => {
    const headers = { "x-forwarded-for": "192.0.2.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await jsonRequest(t, "GET", "/api/check-giftcode?giftCode=ABCDEFGHJKMN2", { headers })).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
