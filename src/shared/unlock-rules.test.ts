import { describe, expect, it } from "vitest";
import { birthdayAtAge, startOfDay, wholeYearsBetween } from "./calendar";
import { childDatesLine, memoryUnlock, type UnlockRule, unlockStatus } from "./unlock-rules";

const rule = (overrides: Partial<UnlockRule>): UnlockRule => ({
  unlockType: "now",
  unlockAge: null,
  unlockDate: null,
  unlockMilestone: null,
  milestoneReachedAt: null,
  ...overrides,
});
const justBefore = (iso: string) => new Date(new Date(iso).getTime() - 1);

describe("now or a missing rule", () => {
  it("is unlocked and available now", () => {
    for (const unlockType of ["now", null] as const) {
      expect(unlockStatus({ rule: rule({ unlockType }), child: null, now: new Date(), timeZone: "UTC" })).toEqual({
        unlocked: true,
        label: "Available now",
        unlocksAt: null,
      });
    }
  });
});

describe("date", () => {
  const dated = rule({ unlockType: "date", unlockDate: "2030-06-01" });

  it("unlocks at the start of that day in UTC", () => {
    const boundary = "2030-06-01T00:00:00.000Z";
    expect(unlockStatus({ rule: dated, child: null, now: justBefore(boundary), timeZone: "UTC" })).toEqual({
      unlocked: false,
      label: "Jun 1, 2030",
      unlocksAt: new Date(boundary),
    });
    expect(unlockStatus({ rule: dated, child: null, now: new Date(boundary), timeZone: "UTC" }).unlocked).toBe(true);
  });

  it("unlocks at local midnight east of UTC (Tokyo, +9)", () => {
    const boundary = "2030-05-31T15:00:00.000Z";
    const status = unlockStatus({ rule: dated, child: null, now: new Date(boundary), timeZone: "Asia/Tokyo" });
    expect(status).toMatchObject({ unlocked: true, unlocksAt: new Date(boundary) });
    expect(unlockStatus({ rule: dated, child: null, now: justBefore(boundary), timeZone: "Asia/Tokyo" }).unlocked).toBe(false);
  });

  it("unlocks at local midnight west of UTC, in summer time (Chicago, -5)", () => {
    const boundary = "2030-06-01T05:00:00.000Z";
    expect(unlockStatus({ rule: dated, child: null, now: justBefore(boundary), timeZone: "America/Chicago" }).unlocked).toBe(false);
    expect(unlockStatus({ rule: dated, child: null, now: new Date(boundary), timeZone: "America/Chicago" })).toMatchObject({
      unlocked: true,
      unlocksAt: new Date(boundary),
    });
  });

  it("uses the winter offset in winter (Chicago, -6) and half-hour offsets (Kolkata, +5:30)", () => {
    const winter = rule({ unlockType: "date", unlockDate: "2030-01-15" });
    expect(unlockStatus({ rule: winter, child: null, now: new Date(), timeZone: "America/Chicago" }).unlocksAt).toEqual(
      new Date("2030-01-15T06:00:00.000Z"),
    );
    expect(unlockStatus({ rule: winter, child: null, now: new Date(), timeZone: "Asia/Kolkata" }).unlocksAt).toEqual(
      new Date("2030-01-14T18:30:00.000Z"),
    );
  });

  it("treats a date rule without a date as available now", () => {
    expect(unlockStatus({ rule: rule({ unlockType: "date" }), child: null, now: new Date(), timeZone: "UTC" }).unlocked).toBe(true);
  });

  it("labels the date in the viewer's locale", () => {
    expect(unlockStatus({ rule: dated, child: null, now: new Date(), timeZone: "UTC", locale: "en-GB" }).label).toBe("1 Jun 2030");
  });
});

describe("age", () => {
  const ageTen = rule({ unlockType: "age", unlockAge: 10 });

  it("unlocks on the child's 10th birthday at local midnight", () => {
    const child = { birthdate: "2015-03-20" };
    const boundary = "2025-03-20T00:00:00.000Z";
    expect(unlockStatus({ rule: ageTen, child, now: justBefore(boundary), timeZone: "UTC" })).toEqual({
      unlocked: false,
      label: "Age 10",
      unlocksAt: new Date(boundary),
    });
    expect(unlockStatus({ rule: ageTen, child, now: new Date(boundary), timeZone: "UTC" }).unlocked).toBe(true);
  });

  it("respects the account's time zone on either side of UTC", () => {
    const child = { birthdate: "2015-03-20" };
    expect(unlockStatus({ rule: ageTen, child, now: new Date(), timeZone: "Pacific/Auckland" }).unlocksAt).toEqual(
      new Date("2025-03-19T11:00:00.000Z"),
    );
    expect(unlockStatus({ rule: ageTen, child, now: new Date(), timeZone: "America/Los_Angeles" }).unlocksAt).toEqual(
      new Date("2025-03-20T07:00:00.000Z"),
    );
  });

  it("opens for each child on that child's own birthday, not when the first one reaches the age", () => {
    const children = [
      { id: "emma", name: "Emma", birthdate: "2015-03-14" },
      { id: "noah", name: "Noah", birthdate: "2019-06-02" },
    ];
    const eighteen = rule({ unlockType: "age", unlockAge: 18 });
    const at = (now: string, openedFor: Record<string, string> = {}) => memoryUnlock({ rule: eighteen, children, openedFor, now: new Date(now), timeZone: "UTC" });
    const before = at("2033-03-13T23:59:59Z");
    expect(before.forChildren).toEqual([
      { childId: "emma", name: "Emma", unlocked: false, unlocksAt: "2033-03-14T00:00:00.000Z", date: "2033-03-14" },
      { childId: "noah", name: "Noah", unlocked: false, unlocksAt: "2037-06-02T00:00:00.000Z", date: "2037-06-02" },
    ]);
    expect(before).toMatchObject({ unlocked: false, label: "Age 18", unlocksAt: new Date("2033-03-14T00:00:00.000Z") });
    const emmaOnly = at("2033-03-14T00:00:00Z");
    expect(emmaOnly.forChildren.map((child) => child.unlocked)).toEqual([true, false]);
    expect(emmaOnly).toMatchObject({ unlocked: false, unlocksAt: new Date("2037-06-02T00:00:00.000Z") });
    expect(at("2037-06-02T00:00:00Z")).toMatchObject({ unlocked: true, unlocksAt: new Date("2037-06-02T00:00:00.000Z") });
    // An unlock recorded for Noah (under the rule before this one) keeps the memory open for him.
    expect(at("2033-03-14T00:00:00Z", { noah: "2033-03-14T00:00:00.000Z" })).toMatchObject({ unlocked: true });
  });

  it("says each child's own date until it has opened for all of them", () => {
    const emma = { childId: "emma", name: "Emma", unlocked: false, unlocksAt: "2033-03-14T00:00:00.000Z", date: "2033-03-14" };
    const noah = { childId: "noah", name: "Noah", unlocked: false, unlocksAt: "2037-06-02T00:00:00.000Z", date: "2037-06-02" };
    expect(childDatesLine({ type: "age", forChildren: [emma, noah], locale: "en-GB" })).toBe("Opens for Emma on 14 Mar 2033, for Noah on 2 Jun 2037");
    expect(childDatesLine({ type: "age", forChildren: [emma, noah], locale: "en-US" })).toBe("Opens for Emma on Mar 14, 2033; for Noah on Jun 2, 2037");
    expect(childDatesLine({ type: "age", forChildren: [{ ...emma, unlocked: true }, noah], locale: "en-GB" })).toBe("Open for Emma; opens for Noah on 2 Jun 2037");
    expect(childDatesLine({ type: "age", forChildren: [{ ...emma, unlocked: true }, { ...noah, unlocked: true }] })).toBeNull();
    // A date opens for every child at once: the badge already says when.
    expect(childDatesLine({ type: "date", forChildren: [emma, { ...noah, unlocksAt: emma.unlocksAt, date: emma.date }] })).toBeNull();
    // A milestone its guardians confirmed for one child only.
    const waiting = { ...noah, unlocksAt: null, date: null };
    expect(childDatesLine({ type: "milestone", forChildren: [{ ...emma, unlocked: true }, waiting] })).toBe("Open for Emma; not yet for Noah");
  });

  it("handles a 29 February birthday: 28 February in common years, 29 February in leap years (decisions 20)", () => {
    const child = { birthdate: "2012-02-29" };
    const thirteen = rule({ unlockType: "age", unlockAge: 13 });
    expect(unlockStatus({ rule: thirteen, child, now: new Date("2025-02-27T23:59:59Z"), timeZone: "UTC" })).toMatchObject({
      unlocked: false,
      unlocksAt: new Date("2025-02-28T00:00:00.000Z"),
    });
    expect(unlockStatus({ rule: thirteen, child, now: new Date("2025-02-28T00:00:00Z"), timeZone: "UTC" }).unlocked).toBe(true);
    const twelve = rule({ unlockType: "age", unlockAge: 12 });
    expect(unlockStatus({ rule: twelve, child, now: new Date("2024-02-29T00:00:00Z"), timeZone: "UTC" })).toMatchObject({
      unlocked: true,
      unlocksAt: new Date("2024-02-29T00:00:00.000Z"),
    });
  });

  it("cannot know when without children, so stays locked", () => {
    expect(unlockStatus({ rule: ageTen, child: null, now: new Date(), timeZone: "UTC" })).toEqual({
      unlocked: false,
      label: "Age 10",
      unlocksAt: null,
    });
  });
});

describe("milestone", () => {
  it("is locked with no date until Dad marks it reached", () => {
    const locked = rule({ unlockType: "milestone", unlockMilestone: "First day of high school" });
    expect(unlockStatus({ rule: locked, child: null, now: new Date(), timeZone: "UTC" })).toEqual({
      unlocked: false,
      label: "Milestone",
      unlocksAt: null,
    });
    const reachedAt = new Date("2029-09-01T10:00:00Z");
    expect(unlockStatus({ rule: { ...locked, milestoneReachedAt: reachedAt }, child: null, now: new Date(), timeZone: "UTC" })).toEqual({
      unlocked: true,
      label: "Milestone",
      unlocksAt: reachedAt,
    });
  });
});

describe("calendar helpers", () => {
  it("counts whole years across a 29 February birthday", () => {
    const born = { year: 2012, month: 2, day: 29 };
    expect(wholeYearsBetween(born, { year: 2025, month: 2, day: 27 })).toBe(12);
    expect(wholeYearsBetween(born, { year: 2025, month: 2, day: 28 })).toBe(13);
    expect(wholeYearsBetween(born, { year: 2028, month: 2, day: 29 })).toBe(16);
    expect(birthdayAtAge(born, 100)).toEqual({ year: 2112, month: 2, day: 29 });
    expect(birthdayAtAge(born, 88)).toEqual({ year: 2100, month: 2, day: 28 });
  });

  it("finds the start of a day that begins after a DST gap at midnight (Santiago, September 2022)", () => {
    // Chile moved clocks from 00:00 to 01:00 on 11 September 2022.
    expect(startOfDay({ year: 2022, month: 9, day: 11 }, "America/Santiago")).toEqual(new Date("2022-09-11T04:00:00.000Z"));
  });
});
