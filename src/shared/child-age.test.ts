import { describe, expect, it } from "vitest";
import { ageLabel, childAge } from "./child-age";

describe("child ages", () => {
  const today = new Date(2025, 5, 15); // 15 June 2025
  it("counts whole years, turning on the birthday", () => {
    expect(childAge("2019-06-15", today).years).toBe(6);
    expect(childAge("2019-06-16", today).years).toBe(5);
    expect(childAge("2024-12-01", today)).toEqual({ years: 0, months: 6 });
  });
  it("labels years, months and newborns", () => {
    expect(ageLabel("2019-06-15", today)).toBe("6 years old");
    expect(ageLabel("2024-06-15", today)).toBe("1 year old");
    expect(ageLabel("2025-01-20", today)).toBe("4 months old");
    expect(ageLabel("2025-06-10", today)).toBe("Newborn");
  });
});
