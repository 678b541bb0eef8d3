import { describe, expect, it } from "vitest";
import { birthdayLine, birthdayRecordTitle, ordinal, unlockLine, upcomingBirthdays, upcomingUnlocks } from "./coming-up";

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
    const base = { unlockAge: null, unlockDate: null, unlockMilestone: null, milestoneReachedAt: null, childIds: ["a"], openedFor: [] };
    const items = [
      { ...base, id: "1", title: "Date later", unlockType: "date" as const, unlockDate: "2027-01-01" },
      { ...base, id: "2", title: "Age 13", unlockType: "age" as const, unlockAge: 13 },
      { ...base, id: "3", title: "Already", unlockType: "date" as const, unlockDate: "2020-01-01" },
      { ...base, id: "4", title: "Milestone", unlockType: "milestone" as const, unlockMilestone: "x" },
    ];
    const unlocks = upcomingUnlocks({ items, children: [{ id: "a", name: "Maya", birthdate: "2013-05-02" }], now, timeZone: "UTC" });
    expect(unlocks.map((u) => [u.title, u.label, u.inDays])).toEqual([
      ["Age 13", "Age 13", 30],
      ["Date later", "Jan 1, 2027", 274],
    ]);
    // What 'Add another' needs to record for the same moment.
    expect(unlocks[0]).toMatchObject({ childIds: ["a"], unlockType: "age", unlockAge: 13, unlockDate: null });
    expect(unlocks[1]).toMatchObject({ childIds: ["a"], unlockType: "date", unlockAge: null, unlockDate: "2027-01-01" });
  });

  it("says when each unlocks, one day singular", () => {
    const unlock = { label: "Age 13", forNames: [] };
    expect([0, 1, 12, 60, 61].map((inDays) => unlockLine({ ...unlock, inDays }))).toEqual([
      "Unlocks today · Age 13",
      "Unlocks in 1 day · Age 13",
      "Unlocks in 12 days · Age 13",
      "Unlocks in 60 days · Age 13",
      "Next to unlock · Age 13",
    ]);
    expect(unlockLine({ label: "Age 18", forNames: ["Emma"], inDays: 12 })).toBe("Unlocks for Emma in 12 days · Age 18");
    expect(unlockLine({ label: "Age 18", forNames: ["Emma", "Noah"], inDays: 0 })).toBe("Unlocks for Emma and Noah today · Age 18");
  });

  it("comes up for each child on their own birthday, and never for a child it has opened for", () => {
    const children = [
      { id: "emma", name: "Emma", birthdate: "2008-05-02" },
      { id: "noah", name: "Noah", birthdate: "2008-05-20" },
      { id: "zoe", name: "Zoe", birthdate: "2008-05-02" },
    ];
    const item = { id: "1", title: "At 18", unlockType: "age" as const, unlockAge: 18, unlockDate: null, unlockMilestone: null, milestoneReachedAt: null, childIds: ["emma", "noah", "zoe"] };
    const unlocks = upcomingUnlocks({ items: [{ ...item, openedFor: [] }], children, now, timeZone: "UTC" });
    expect(unlocks.map(unlockLine)).toEqual(["Unlocks for Emma and Zoe in 30 days · Age 18", "Unlocks for Noah in 48 days · Age 18"]);
    // Opened for Noah already (a recorded unlock): only the others' day comes up.
    expect(upcomingUnlocks({ items: [{ ...item, openedFor: ["noah"] }], children, now, timeZone: "UTC" }).map(unlockLine)).toEqual(["Unlocks for Emma and Zoe in 30 days · Age 18"]);
  });
});

describe("birthday record title", () => {
  it("uses English ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 18, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "18th", "21st", "22nd", "23rd", "101st", "111th", "112th"]);
    expect(birthdayRecordTitle({ childId: "a", name: "Leo", turns: 2, date: "2026-05-01", inDays: 29 })).toBe("For your 2nd birthday");
  });
});
