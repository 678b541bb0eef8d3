import { describe, expect, it } from "vitest";
import { arrivalWords, confirmationsNeeded, digestFor, groupDigests, legacyClock, sendTimeFor, wallClockAt } from "./family-delivery";

describe("the 08:00-local send time", () => {
  it("holds an unlock at local midnight until 08:00 that day, in the account's zone", () => {
    // Maya turns 13 on 2027-03-14: in New York that day starts at 05:00 UTC (EST), and clocks go to EDT at 2 a.m.
    expect(sendTimeFor({ unlockedAt: new Date("2027-03-14T05:00:00Z"), timeZone: "America/New_York" }).toISOString()).toBe("2027-03-14T12:00:00.000Z");
    expect(sendTimeFor({ unlockedAt: new Date("2027-01-09T23:00:00Z"), timeZone: "Europe/Paris" }).toISOString()).toBe("2027-01-10T07:00:00.000Z");
  });

  it("sends at once what opens after 08:00", () => {
    const unlockedAt = new Date("2027-06-01T15:30:00Z");
    expect(sendTimeFor({ unlockedAt, timeZone: "UTC" })).toEqual(unlockedAt);
  });

  it("finds 08:00 on the days clocks change", () => {
    expect(wallClockAt({ year: 2027, month: 3, day: 28 }, 8, "Europe/London").toISOString()).toBe("2027-03-28T07:00:00.000Z");
    expect(wallClockAt({ year: 2027, month: 10, day: 31 }, 8, "Europe/London").toISOString()).toBe("2027-10-31T08:00:00.000Z");
    expect(wallClockAt({ year: 2027, month: 3, day: 14 }, 8, "America/New_York").toISOString()).toBe("2027-03-14T12:00:00.000Z");
  });
});

describe("when the family gets it, in words for Dad", () => {
  const words = (sendAt: Date, now: string, timeZone: string) => arrivalWords({ sendAt, now: new Date(now), timeZone });

  it("says the hour the schedule set, in the account's time zone", () => {
    // A 'now' memory saved at 10:00 in Chicago goes in that evening's 20:00 digest; saved at 21:30, in the next day's.
    const morning = new Date("2027-05-03T15:00:00Z");
    expect(words(digestFor({ unlockedAt: morning, timeZone: "America/Chicago" }).sendAt, morning.toISOString(), "America/Chicago")).toBe("tonight at 8 pm");
    const late = new Date("2027-05-04T02:30:00Z");
    expect(words(digestFor({ unlockedAt: late, timeZone: "America/Chicago" }).sendAt, late.toISOString(), "America/Chicago")).toBe("tomorrow at 8 pm");
    // A birthday opening at local midnight waits for 08:00; seen from the evening before, that is tomorrow.
    const midnight = new Date("2027-03-14T05:00:00Z");
    const eight = sendTimeFor({ unlockedAt: midnight, timeZone: "America/New_York" });
    expect(words(eight, "2027-03-14T03:50:00Z", "America/New_York")).toBe("tomorrow at 8 am");
    expect(words(eight, "2027-03-14T05:10:00Z", "America/New_York")).toBe("this morning at 8 am");
    expect(words(eight, "2027-03-09T05:10:00Z", "America/New_York")).toBe("on Sun 14 Mar at 8 am");
    expect(words(eight, "2026-11-27T19:00:00Z", "America/New_York")).toBe("on Sun 14 Mar 2027 at 8 am");
  });

  it("says now once it is due, and reads the day in the zone it is given", () => {
    const sendAt = new Date("2027-06-01T15:30:00Z");
    expect(words(sendAt, "2027-06-01T15:30:00Z", "UTC")).toBe("now");
    expect(words(sendAt, "2027-06-01T16:00:00Z", "UTC")).toBe("now");
    expect(words(sendAt, "2027-06-01T10:00:00Z", "UTC")).toBe("today at 3:30 pm");
    // 15:30 UTC is 01:30 the next morning in Sydney.
    expect(words(sendAt, "2027-06-01T10:00:00Z", "Australia/Sydney")).toBe("tomorrow at 1:30 am");
  });
});

describe("digest grouping", () => {
  it("puts a guardian's 'now' memories of one local day into one digest at 20:00, whatever the child", () => {
    const at = (iso: string) => new Date(iso);
    const groups = groupDigests(
      [
        { guardianId: "g1", childId: "maya", unlockedAt: at("2027-05-03T07:00:00Z") },
        { guardianId: "g1", childId: "leo", unlockedAt: at("2027-05-03T17:59:00Z") },
        { guardianId: "g2", childId: "maya", unlockedAt: at("2027-05-03T07:00:00Z") },
        // 20:30 in Berlin: tomorrow's digest.
        { guardianId: "g1", childId: "maya", unlockedAt: at("2027-05-03T18:30:00Z") },
      ],
      "Europe/Berlin",
    );
    expect(groups.map((g) => [g.guardianId, g.day, g.sendAt.toISOString(), g.items.length])).toEqual([
      ["g1", "2027-05-03", "2027-05-03T18:00:00.000Z", 2],
      ["g2", "2027-05-03", "2027-05-03T18:00:00.000Z", 1],
      ["g1", "2027-05-04", "2027-05-04T18:00:00.000Z", 1],
    ]);
  });

  it("a busy week of notes is at most seven digests per guardian", () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ guardianId: "g1", unlockedAt: new Date(Date.UTC(2027, 4, 3 + Math.floor(i / 6), 9 + (i % 6))) }));
    expect(groupDigests(items, "UTC").length).toBe(7);
  });

  it("keeps a digest's day in the account's zone across midnight UTC", () => {
    expect(digestFor({ unlockedAt: new Date("2027-05-04T02:00:00Z"), timeZone: "America/Los_Angeles" }).day).toBe("2027-05-03");
  });
});

describe("confirmation thresholds", () => {
  it.each([
    [1, 0, 1],
    [1, 3, 1],
    [2, 3, 2],
    [5, 3, 3],
    [0, 2, 1],
    [3, 1, 1],
  ])("Dad chose %i with %i accepted guardians: %i must confirm", (chosen, acceptedGuardians, needed) => {
    expect(confirmationsNeeded({ chosen, acceptedGuardians })).toBe(needed);
  });
});

describe("the inactivity clock", () => {
  const lastSignAt = new Date("2027-01-31T10:00:00Z");
  const none = { month: null, week: null };
  it("checks in a month and a week before the end, then releases", () => {
    const monthSent = new Date("2027-03-30T10:00:00Z");
    const weekSent = new Date("2027-04-23T10:00:00Z");
    const clock = (now: string, sent: { month: Date | null; week: Date | null } = none) => legacyClock({ lastSignAt, periodMonths: 3, now: new Date(now), sent });
    expect(clock("2027-02-01T00:00:00Z")).toMatchObject({ due: "nothing", releaseAt: new Date("2027-04-30T10:00:00Z"), monthCheckInAt: monthSent, weekCheckInAt: weekSent });
    expect(clock("2027-03-30T10:00:00Z").due).toBe("month-check-in");
    expect(clock("2027-04-23T09:59:59Z", { month: monthSent, week: null }).due).toBe("nothing");
    expect(clock("2027-04-23T10:00:00Z", { month: monthSent, week: null }).due).toBe("week-check-in");
    expect(clock("2027-04-30T09:59:59Z", { month: monthSent, week: weekSent }).due).toBe("nothing");
    expect(clock("2027-04-30T10:00:00Z", { month: monthSent, week: weekSent })).toMatchObject({ due: "release", releaseAt: new Date("2027-04-30T10:00:00Z") });
  });

  it("never releases before both check-ins were sent and a week has passed since the last, however late the clock is read", () => {
    const long = (now: string, sent: { month: Date | null; week: Date | null }) => legacyClock({ lastSignAt, periodMonths: 3, now: new Date(now), sent });
    // Nothing was sent (the job did not run, or the period was shortened): the month's check-in first, the release three weeks on at the soonest.
    expect(long("2027-06-01T00:00:00Z", none)).toMatchObject({ due: "month-check-in", releaseAt: new Date("2027-06-15T00:00:00Z") });
    const monthSent = new Date("2027-06-01T00:00:00Z");
    expect(long("2027-06-07T23:59:59Z", { month: monthSent, week: null }).due).toBe("nothing");
    expect(long("2027-06-08T00:00:00Z", { month: monthSent, week: null }).due).toBe("week-check-in");
    const weekSent = new Date("2027-06-08T00:00:00Z");
    expect(long("2027-06-14T23:59:59Z", { month: monthSent, week: weekSent }).due).toBe("nothing");
    expect(long("2027-06-15T00:00:00Z", { month: monthSent, week: weekSent }).due).toBe("release");
  });

  it("never checks in sooner than 55 days after the last sign (the legacy job reads only accounts quiet that long)", () => {
    const day = 24 * 60 * 60 * 1000;
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2029, 0, 1); at += day) {
      const clock = legacyClock({ lastSignAt: new Date(at), periodMonths: 3, now: new Date(at), sent: none });
      expect(clock.monthCheckInAt.getTime() - at).toBeGreaterThanOrEqual(55 * day);
      expect(clock.weekCheckInAt.getTime()).toBeGreaterThan(clock.monthCheckInAt.getTime());
    }
  });

  it("starts again from a newer sign of life", () => {
    expect(legacyClock({ lastSignAt: new Date("2027-04-29T00:00:00Z"), periodMonths: 12, now: new Date("2027-04-30T10:00:00Z"), sent: none }).due).toBe("nothing");
    expect(legacyClock({ lastSignAt, periodMonths: 6, now: new Date("2027-07-31T10:00:00Z"), sent: none }).due).toBe("month-check-in");
  });
});
