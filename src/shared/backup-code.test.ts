import { describe, expect, it } from "vitest";
import { looksLikeBackupCode, normalizeBackupCode } from "./backup-code";

describe("backup codes as a father types them", () => {
  it.each([
    ["hELpq-hy6US", "helpq-hy6us"],
    ["helpqhy6us", "helpq-hy6us"],
    ["HELPQHY6US", "helpq-hy6us"],
    [" hELpq - hy6US ", "helpq-hy6us"],
    ["helpq hy6us", "helpq-hy6us"],
  ])("%j is the code %j", (typed, code) => {
    expect(normalizeBackupCode(typed)).toBe(code);
    expect(looksLikeBackupCode(typed)).toBe(true);
  });

  it.each(["", "12345", "helpq-hy6u", "helpq-hy6us1", "helpq_hy6us", "hélpq-hy6us"])("%j is not a backup code", (typed) => {
    expect(looksLikeBackupCode(typed)).toBe(false);
  });
});
