import { describe, expect, it } from "vitest";
import { isCalendarDate } from "./calendar";
import { childInitial, childInputSchema, CHILDREN_COPY } from "./children";

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

describe("a child's initial", () => {
  it.each([
    ["maya", "M"],
    ["  élodie", "É"],
    ["🦊 Fox", "🦊"],
    ["👨‍👩‍👧 Family", "👨‍👩‍👧"],
    ["🇫🇷 Jean", "🇫🇷"],
    ["Zoë", "Z"],
    ["   ", "?"],
  ])("of %j is %j", (name, initial) => {
    expect(childInitial(name)).toBe(initial);
  });
});
