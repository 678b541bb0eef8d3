import { describe, expect, it } from "vitest";
import { conversionRate, formatRate, summarizeExperiment } from "./experiment";

describe("experiment metrics arithmetic", () => {
  it("gives 0 (not NaN) with zero assignments and always lists both variants and a total", () => {
    const summary = summarizeExperiment([]);
    expect(summary.variants.map((row) => row.variant)).toEqual(["A", "B"]);
    expect(summary.total).toEqual({ variant: "Total", totalAssignments: 0, signupConversions: 0, totalConversions: 0, signupConversionRate: 0, totalConversionRate: 0 });
  });

  it("computes per-variant and total rates as percents with one decimal", () => {
    const summary = summarizeExperiment([
      { variant: "A", totalAssignments: 3, signupConversions: 1, totalConversions: 2 },
      { variant: "B", totalAssignments: 8, signupConversions: 1, totalConversions: 5 },
    ]);
    expect(summary.variants[0]).toMatchObject({ signupConversionRate: 33.3, totalConversionRate: 66.7 });
    expect(summary.variants[1]).toMatchObject({ signupConversionRate: 12.5, totalConversionRate: 62.5 });
    expect(summary.total).toMatchObject({ totalAssignments: 11, signupConversions: 2, totalConversions: 7, signupConversionRate: 18.2, totalConversionRate: 63.6 });
    expect(formatRate(summary.total.signupConversionRate)).toBe("18.2%");
    expect(formatRate(0)).toBe("0.0%");
    expect(conversionRate(1, 0)).toBe(0);
  });
});
