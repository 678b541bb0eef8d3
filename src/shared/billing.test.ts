import { describe, expect, it } from "vitest";
import { ANNUAL_SAVING_PERCENT, decideAccess, isBlocked, staysOpenWithoutAccess } from "./billing";
import { checkoutRequestSchema, giftCodeSchema } from "./billing.schemas";
import { GIFT_CODE_ALPHABET, isWellFormedGiftCode, normalizeGiftCode } from "./gift-code";
import { relativeTime } from "./relative-time";

const DAY = 24 * 3600 * 1000;
const created = new Date("2026-01-01T12:00:00Z");
const at = (days: number) => new Date(created.getTime() + days * DAY);
const facts = (overrides: Partial<Parameters<typeof decideAccess>[0]> = {}) =>
  decideAccess({ now: at(31), accountCreatedAt: created, subscriptionStatuses: [], giftAccessUntil: null, adminGrant: false, ...overrides });

describe("decideAccess (decisions 2.4–2.8)", () => {
  it("gives the free month from account creation, then blocks without access", () => {
    expect(facts({ now: at(0) })).toMatchObject({ hasAccess: false, inTrial: true, blocked: false });
    expect(facts({ now: at(29) })).toMatchObject({ hasAccess: false, inTrial: true, blocked: false });
    expect(facts({ now: at(30) })).toMatchObject({ inTrial: true, blocked: false });
    expect(facts({ now: at(31) })).toMatchObject({ hasAccess: false, inTrial: false, blocked: true });
    expect(facts().trialEndsAt.toISOString()).toBe("2026-01-31T12:00:00.000Z");
  });

  it.each([
    ["active", true],
    ["trialing", true],
    ["past_due", true],
    ["canceled", false],
    ["incomplete", false],
    ["incomplete_expired", false],
    ["unpaid", false],
  ])("a subscription in status %s gives access: %s", (status, expected) => {
    expect(facts({ subscriptionStatuses: [status] })).toMatchObject({ hasAccess: expected, blocked: !expected });
  });

  it("counts unexpired gift access and an admin grant", () => {
    expect(facts({ giftAccessUntil: at(40) }).hasAccess).toBe(true);
    expect(facts({ giftAccessUntil: at(31) }).hasAccess).toBe(false);
    expect(facts({ giftAccessUntil: at(20) }).blocked).toBe(true);
    expect(facts({ adminGrant: true }).hasAccess).toBe(true);
  });

  it("mirrors the rule in the browser", () => {
    expect(isBlocked({ hasAccess: false, accountCreatedAt: created, now: at(29) })).toBe(false);
    expect(isBlocked({ hasAccess: false, accountCreatedAt: created, now: at(31) })).toBe(true);
    expect(isBlocked({ hasAccess: true, accountCreatedAt: created, now: at(400) })).toBe(false);
  });
});

describe("plans", () => {
  it("computes the annual saving from the prices: Save 33%", () => {
    expect(ANNUAL_SAVING_PERCENT).toBe(33);
  });

  it("needs the buyer's email for a gift and a known interval", () => {
    expect(checkoutRequestSchema.safeParse({ priceId: "p", interval: "year", isGuest: true }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ priceId: "p", interval: "week" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ priceId: "p", interval: "year", isGuest: true, email: "mom@example.com" }).success).toBe(true);
  });
});

describe("gift code format", () => {
  it("is 13 characters of the alphabet, case-insensitive", () => {
    expect(GIFT_CODE_ALPHABET).toHaveLength(32);
    expect(isWellFormedGiftCode("abcdefghjkmn2")).toBe(true);
    expect(normalizeGiftCode("abcd-efgh jkmn2")).toBe("ABCDEFGHJKMN2");
    expect(isWellFormedGiftCode("ABCDEFGHJKMN")).toBe(false);
    expect(isWellFormedGiftCode("ABCDEFGHJKMN23")).toBe(false);
    expect(isWellFormedGiftCode("ABCDEFGHJKMN0")).toBe(false); // 0 and O, 1 and I are not used
    expect(giftCodeSchema.safeParse("ABCDEFGHJKMN").error?.issues[0]?.message).toBe("A gift code has 13 letters and digits.");
  });
});

describe("relativeTime (spec 000 §9)", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  it("says Just now, hours, days, then the date", () => {
    expect(relativeTime(new Date(now.getTime() - 59 * 60_000), now)).toBe("Just now");
    expect(relativeTime(new Date(now.getTime() - 3 * 3600_000), now)).toBe("3h ago");
    expect(relativeTime(new Date(now.getTime() - 2 * DAY), now)).toBe("2d ago");
    expect(relativeTime(new Date(now.getTime() - 8 * DAY), now, "en-US")).toBe("Mar 2, 2026");
  });
});

describe("pages open without access", () => {
  it.each(["/dashboard", "/settings", "/pricing", "/privacy", "/terms", "/about"])("%s stays usable", (path) => {
    expect(staysOpenWithoutAccess(path)).toBe(true);
  });
  it.each(["/record", "/vault", "/videos", "/pocket-dad", "/say-this", "/children", "/settingsx", "/"])("%s is guarded", (path) => {
    expect(staysOpenWithoutAccess(path)).toBe(false);
  });
});
