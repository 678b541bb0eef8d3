import { describe, expect, it } from "vitest";
import { loginReturningTo, safeNextPath } from "./next-path";

describe("the path a login link comes back to", () => {
  it("keeps paths inside the app, with their query", () => {
    expect(safeNextPath("/activate-gift-code?giftcode=ABC")).toBe("/activate-gift-code?giftcode=ABC");
    expect(safeNextPath("/dashboard")).toBe("/dashboard");
    expect(loginReturningTo("/activate-gift-code?giftcode=ABC")).toBe("/login?next=%2Factivate-gift-code%3Fgiftcode%3DABC");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of ["https://evil.example.com", "//evil.example.com", "/\\evil.example.com", "/\t/evil.example.com", "javascript:alert(1)", "evil.example.com", "", null, undefined]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });
});
