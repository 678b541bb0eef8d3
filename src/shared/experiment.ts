import { z } from "zod";

/** The landing-page experiment: A is the main landing page, B the /b page. */
export const LANDING_VARIANTS = ["A", "B"] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

export const CONVERSION_TYPES = ["email_signup", "signup", "checkout_started", "purchase"] as const;
export type ConversionType = (typeof CONVERSION_TYPES)[number];

export const EXPERIMENT_COPY = {
  title: "Landing Page Experiment Results",
  loading: "Fetching the latest metrics…",
  loadFailed: "Unable to load experiment metrics right now.",
  unexpected: "Unexpected error while loading data.",
} as const;

export const visitorIdSchema = z.uuid("visitorId must be a UUID");

export const assignmentInputSchema = z.object({
  visitorId: visitorIdSchema,
  variant: z.enum(LANDING_VARIANTS),
});

export const conversionInputSchema = z.object({
  visitorId: visitorIdSchema,
  conversionType: z.enum(CONVERSION_TYPES),
  metadata: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])).optional(),
});

export type ExperimentCounts = { variant: string; totalAssignments: number; signupConversions: number; totalConversions: number };

export type ExperimentRow = ExperimentCounts & { signupConversionRate: number; totalConversionRate: number };

/** Percent with one decimal; 0 when there are no assignments (never NaN or Infinity). */
export function conversionRate(conversions: number, assignments: number) {
  return assignments === 0 ? 0 : Math.round((conversions / assignments) * 1000) / 10;
}

const withRates = (row: ExperimentCounts): ExperimentRow => ({
  ...row,
  signupConversionRate: conversionRate(row.signupConversions, row.totalAssignments),
  totalConversionRate: conversionRate(row.totalConversions, row.totalAssignments),
});

/** One row per variant (both always present) plus the Total row, with their rates. */
export function summarizeExperiment(counts: ExperimentCounts[]) {
  const variants = LANDING_VARIANTS.map(
    (variant) => counts.find((row) => row.variant === variant) ?? { variant, totalAssignments: 0, signupConversions: 0, totalConversions: 0 },
  );
  const total = variants.reduce(
    (sum, row) => ({
      variant: "Total",
      totalAssignments: sum.totalAssignments + row.totalAssignments,
      signupConversions: sum.signupConversions + row.signupConversions,
      totalConversions: sum.totalConversions + row.totalConversions,
    }),
    { variant: "Total", totalAssignments: 0, signupConversions: 0, totalConversions: 0 },
  );
  return { variants: variants.map(withRates), total: withRates(total) };
}

export type ExperimentSummary = ReturnType<typeof summarizeExperiment>;

/** "12.5%" — the table shows every rate with one decimal. */
export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;
