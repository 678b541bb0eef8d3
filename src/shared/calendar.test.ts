import { describe, expect, it } from "vitest";
import { addMonths, ageInMonthsLabel, ageOn, calendarDateAt, isBirthdayOn, isCalendarDate, nextBirthday, parseCalendarDate, startOfDay, todayIn, yearsOldLabel } from "./calendar";
import { upcomingBirthdays } from "./coming-up";
import { opensAt, unlockStatus, type UnlockRule } from "./unlock-rules";

const rule = (overrides: Partial<UnlockRule>): UnlockRule => ({ unlockType: "now", unlockAge: null, unlockDate: null, unlockMilestone: null, milestoneReachedAt: null, ...overrides });

describe("ages", () => {
  it("counts whole years, the birthday itself included, and whole months for babies", () => {
    expect(ageOn("2020-06-15", "2026-06-14")).toEqual({ years: 5, months: 71 });
    expect(ageOn("2020-06-15", "2026-06-15").years).toBe(6);
    expect(ageOn("2026-01-01", "2026-03-01")).toEqual({ years: 0, months: 2 });
    expect(ageOn("2025-01-31", "2025-02-28").months).toBe(1);
  });

  it("labels ages as each screen words them", () => {
    expect(yearsOldLabel(0)).toBe("Less than a year old");
    expect(yearsOldLabel(1)).toBe("1 year old");
    expect(yearsOldLabel(7)).toBe("7 years old");
    expect(ageInMonthsLabel(ageOn("2019-06-15", "2025-06-15"))).toBe("6 years old");
    expect(ageInMonthsLabel(ageOn("2024-06-15", "2025-06-15"))).toBe("1 year old");
    expect(ageInMonthsLabel(ageOn("2025-01-20", "2025-06-15"))).toBe("4 months old");
    expect(ageInMonthsLabel(ageOn("2025-06-10", "2025-06-15"))).toBe("Newborn");
  });

  it("a child born today is a newborn, 0 years old, with the first birthday a year away", () => {
    expect(ageOn("2026-11-23", "2026-11-23")).toEqual({ years: 0, months: 0 });
    expect(yearsOldLabel(0)).toBe("Less than a year old");
    expect(nextBirthday("2026-11-23", "2026-11-23")).toEqual({ date: "2027-11-23", turning: 1, daysAway: 365 });
    expect(upcomingBirthdays({ children: [{ id: "a", name: "Ava", birthdate: "2026-11-23" }], now: new Date("2026-11-23T12:00:00Z"), timeZone: "UTC", withinDays: 400 })).toEqual([
      { childId: "a", name: "Ava", turns: 1, date: "2027-11-23", inDays: 365 },
    ]);
    const born = new Date("2026-11-23T10:00:00Z");
    expect(unlockStatus({ rule: rule({ unlockType: "age", unlockAge: 1 }), child: { birthdate: "2026-11-23" }, now: born, timeZone: "UTC" })).toMatchObject({
      unlocked: false,
      unlocksAt: new Date("2027-11-23T00:00:00.000Z"),
    });
  });
});

describe("a 29 February birthday falls on 28 February in other years, everywhere (decisions 20)", () => {
  const leapling = "2020-02-29";
  it("ages: a year is gained on 28 February in common years", () => {
    expect(ageOn(leapling, "2023-02-27").years).toBe(2);
    expect(ageOn(leapling, "2023-02-28").years).toBe(3);
    expect(ageOn(leapling, "2024-02-28").years).toBe(3);
    expect(ageOn(leapling, "2024-02-29").years).toBe(4);
  });

  it("the children page's next birthday", () => {
    expect(nextBirthday(leapling, "2026-01-10")).toEqual({ date: "2026-02-28", turning: 6, daysAway: 49 });
    expect(nextBirthday(leapling, "2027-03-01").date).toBe("2028-02-29");
    expect(nextBirthday(leapling, "2026-02-28").daysAway).toBe(0);
  });

  it("'Coming up' and age unlocks agree with it", () => {
    const now = new Date("2026-02-20T12:00:00Z");
    expect(upcomingBirthdays({ children: [{ id: "a", name: "Ava", birthdate: leapling }], now, timeZone: "UTC" })[0]).toMatchObject({ date: "2026-02-28", turns: 6, inDays: 8 });
    expect(unlockStatus({ rule: rule({ unlockType: "age", unlockAge: 6 }), child: { birthdate: leapling }, now, timeZone: "UTC" }).unlocksAt).toEqual(
      new Date("2026-02-28T00:00:00.000Z"),
    );
  });

  it("the birthday notice (the daily job asks isBirthdayOn of each candidate day)", () => {
    const on = (date: string) => isBirthdayOn(parseCalendarDate(leapling), parseCalendarDate(date));
    expect(on("2026-02-28")).toBe(true);
    expect(on("2026-03-01")).toBe(false);
    expect(on("2028-02-28")).toBe(false);
    expect(on("2028-02-29")).toBe(true);
    expect(on("2020-02-29")).toBe(false); // the day of birth is no birthday
    expect(isBirthdayOn(parseCalendarDate("2019-07-04"), parseCalendarDate("2026-07-04"))).toBe(true);
  });
});

describe("real calendar dates", () => {
  it("refuses days that do not exist", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("2024-02-30")).toBe(false);
    expect(isCalendarDate("2024-04-31")).toBe(false);
    expect(isCalendarDate("2024-13-01")).toBe(false);
    expect(isCalendarDate("2024-00-10")).toBe(false);
    expect(isCalendarDate("2024-1-1")).toBe(false);
  });
});

describe("the instant a rule opens, in the account's time zone", () => {
  const dateRule = rule({ unlockType: "date", unlockDate: "2030-06-01" });
  const at = (timeZone: string) => opensAt({ rule: dateRule, child: null, savedAt: new Date("2026-01-01T00:00:00Z"), timeZone });

  it("east of UTC opens before midnight UTC, west of UTC after it", () => {
    expect(at("UTC")).toEqual(new Date("2030-06-01T00:00:00.000Z"));
    expect(at("Pacific/Auckland")).toEqual(new Date("2030-05-31T12:00:00.000Z"));
    expect(at("Asia/Kolkata")).toEqual(new Date("2030-05-31T18:30:00.000Z"));
    expect(at("America/Los_Angeles")).toEqual(new Date("2030-06-01T07:00:00.000Z"));
    expect(at("Pacific/Honolulu")).toEqual(new Date("2030-06-01T10:00:00.000Z"));
  });

  it("on a daylight-saving change day, the day starts at that day's own offset", () => {
    // US clocks go forward at 02:00 on 8 March 2026 and back at 02:00 on 1 November 2026: midnight is still before the change.
    const spring = opensAt({ rule: rule({ unlockType: "date", unlockDate: "2026-03-08" }), child: null, savedAt: new Date(0), timeZone: "America/New_York" });
    expect(spring).toEqual(new Date("2026-03-08T05:00:00.000Z"));
    const autumn = opensAt({ rule: rule({ unlockType: "date", unlockDate: "2026-11-01" }), child: null, savedAt: new Date(0), timeZone: "America/New_York" });
    expect(autumn).toEqual(new Date("2026-11-01T04:00:00.000Z"));
    // Chile skips from 00:00 to 01:00 on 11 September 2022: the day starts at 01:00 local.
    expect(startOfDay({ year: 2022, month: 9, day: 11 }, "America/Santiago")).toEqual(new Date("2022-09-11T04:00:00.000Z"));
    // A child's 10th birthday on Europe's change day (clocks forward at 01:00 UTC on 29 March 2026):
    // Paris midnight is still winter time (UTC+1); the next day starts at summer time (UTC+2).
    const tenth = (birthdate: string) => opensAt({ rule: rule({ unlockType: "age", unlockAge: 10 }), child: { birthdate }, savedAt: new Date(0), timeZone: "Europe/Paris" });
    expect(tenth("2016-03-29")).toEqual(new Date("2026-03-28T23:00:00.000Z"));
    expect(tenth("2016-03-30")).toEqual(new Date("2026-03-29T22:00:00.000Z"));
  });

  it("'now' opens when saved; a milestone when marked reached, unknown before", () => {
    const savedAt = new Date("2026-11-23T10:00:00Z");
    expect(opensAt({ rule: rule({}), child: null, savedAt, timeZone: "UTC" })).toEqual(savedAt);
    expect(opensAt({ rule: rule({ unlockType: "milestone", unlockMilestone: "Graduation" }), child: null, savedAt, timeZone: "UTC" })).toBeNull();
    const reached = new Date("2027-01-01T00:00:00Z");
    expect(opensAt({ rule: rule({ unlockType: "milestone", unlockMilestone: "Graduation", milestoneReachedAt: reached }), child: null, savedAt, timeZone: "UTC" })).toEqual(reached);
  });

  it("today is the account's date, not the server's", () => {
    const instant = new Date("2026-11-23T23:30:00Z");
    expect(todayIn(instant, "UTC")).toBe("2026-11-23");
    expect(todayIn(instant, "Pacific/Auckland")).toBe("2026-11-24");
    expect(calendarDateAt(instant, "America/Los_Angeles")).toEqual({ year: 2026, month: 11, day: 23 });
  });
});

describe("whole months after an instant (a subscription's period, a legacy check-in)", () => {
  it("keeps the day and the time of day, and ends on the month's last day when the later month is shorter", () => {
    expect(addMonths(new Date("2026-01-15T09:30:00Z"), 12).toISOString()).toBe("2027-01-15T09:30:00.000Z");
    expect(addMonths(new Date("2026-01-31T12:00:00Z"), 1).toISOString()).toBe("2026-02-28T12:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T12:00:00Z"), 1).toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(addMonths(new Date("2026-03-31T00:00:00Z"), -1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(addMonths(new Date("2026-08-31T00:00:00Z"), 1).toISOString()).toBe("2026-09-30T00:00:00.000Z");
  });
});
