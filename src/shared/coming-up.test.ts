import { describe, expect, it } from "vitest";
import { birthdayLine, upcomingBirthdays, upcomingUnlocks } from "./coming-up";

const now = new Date("2026-04-02T12:00:00Z");

describe("upcoming birthdays", () => {
  it("lists the next birthdays within 60 days, soonest first, with the age they turn", () => {
    const children = [
      { id: "a", name: "Maya", birthdate: "2013-05-02" },
      { id: "b", name: "Leo", birthdate: "2019-04-02" },
      { id: "c", name: "Zoe", birthdate: "2020-12-25" },
      { id: "d", name: "Baby", birthdate: "2026-01-10" },
    ];
    const birthdays = upcomingBirthdays({ children, now, timeZone: "UTC" });
    expect(birthdays).toEqual([
      { childId: "b", name: "Leo", turns: 7, date: "2026-04-02", inDays: 0 },
      { childId: "a", name: "Maya", turns: 13, date: "2026-05-02", inDays: 30 },
    ]);
    expect(birthdays.map(birthdayLine)).toEqual(["Leo turns 7 today", "Maya turns 13 in 30 days"]);
  });

  it("counts days in the account's time zone", () => {
    const children = [{ id: "a", name: "Maya", birthdate: "2013-04-03" }];
    expect(upcomingBirthdays({ children, now, timeZone: "UTC" })[0]?.inDays).toBe(1);
    expect(upcomingBirthdays({ children, now, timeZone: "Pacific/Kiritimati" })[0]?.inDays).toBe(0);
  });
});

describe("upcoming unlocks", () => {
  it("lists locked memories with a known unlock instant, soonest first", () => {
    const base = { unlockAge: null, unlockDate: null, unlockMilestone: null, milestoneReachedAt: null, childIds: ["a"] };
    const items = [
      { ...base, id: "1", title: "Date later", unlockType: "date" as const, unlockDate: "2027-01-01" },
      { ...base, id: "2", title: "Age 13", unlockType: "age" as const, unlockAge: 13 },
      { ...base, id: "3", title: "Already", unlockType: "date" as const, unlockDate: "2020-01-01" },
      { ...base, id: "4", title: "Milestone", unlockType: "milestone" as const, unlockMilestone: "x" },
    ];
    const unlocks = upcomingUnlocks({ items, children: [{ id: "a", birthdate: "2013-05-02" }], now, timeZone: "UTC" });
    expect(unlocks.map((u) => [u.title, u.label, u.inDays])).toEqual([
      ["Age 13", "Age 13", 30],
      ["Date later", "Jan 1, 2027", 274],
    ]);
  });
});
