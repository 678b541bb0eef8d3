import { describe, expect, it } from "vitest";
import { ageInYears, ageLabel, childInputSchema, CHILDREN_COPY, isCalendarDate, nextBirthday } from "./children";

describe("ages", () => {
  it("counts whole years, the birthday itself included", () => {
    expect(ageInYears("2020-06-15", "2026-06-14")).toBe(5);
    expect(ageInYears("2020-06-15", "2026-06-15")).toBe(6);
    expect(ageInYears("2026-01-01", "2026-03-01")).toBe(0);
  });

  it("labels ages as the spec words them", () => {
    expect(ageLabel(0)).toBe("Less than a year old");
    expect(ageLabel(1)).toBe("1 year old");
    expect(ageLabel(7)).toBe("7 years old");
  });
});

describe("next birthday", () => {
  it("is later this year, today, or next year", () => {
    expect(nextBirthday("2019-12-25", "2026-11-21")).toEqual({ date: "2026-12-25", turning: 7, daysAway: 34 });
    expect(nextBirthday("2019-11-21", "2026-11-21")).toEqual({ date: "2026-11-21", turning: 7, daysAway: 0 });
    expect(nextBirthday("2019-01-02", "2026-11-21")).toEqual({ date: "2027-01-02", turning: 8, daysAway: 42 });
  });

  it("moves a 29 February birthday to 28 February outside leap years", () => {
    expect(nextBirthday("2020-02-29", "2026-01-10").date).toBe("2026-02-28");
    expect(nextBirthday("2020-02-29", "2027-03-01").date).toBe("2028-02-29");
  });
});

describe("the child form schema", () => {
  it("needs a name and a real birth date that is not in the future", () => {
    const message = (input: Record<string, unknown>) => childInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ name: "  ", birthdate: "2020-01-01" })).toBe(CHILDREN_COPY.nameRequired);
    expect(message({ name: "Maya", birthdate: "" })).toBe(CHILDREN_COPY.birthdateRequired);
    expect(message({ name: "Maya", birthdate: "2020-02-30" })).toBe("Please enter a valid birth date");
    expect(message({ name: "Maya", birthdate: "2999-01-01" })).toBe(CHILDREN_COPY.birthdateInFuture);
    expect(message({ name: "Maya", birthdate: "2020-01-01", profileNote: "x".repeat(501) })).toBe("Please keep the note under 500 characters");
    expect(childInputSchema.parse({ name: " Maya ", birthdate: "2020-01-01", profileNote: " " })).toEqual({ name: "Maya", birthdate: "2020-01-01", profileNote: null });
  });

  it("knows calendar dates", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2023-02-29")).toBe(false);
    expect(isCalendarDate("20-01-01")).toBe(false);
  });
});
