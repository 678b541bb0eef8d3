import { and, eq, isNull, sql } from "drizzle-orm";
import type { ConversionType, ExperimentCounts, LandingVariant } from "../../../shared/experiment";
import type { Database } from "../../db/client";
import { landingPageAssignments, landingPageConversions } from "./experiments.table";

export function createExperimentsRepository(db: Database) {
  return {
    /** Inserts the first assignment for a visitor; returns the stored one (an earlier one wins). */
    async assign(options: { visitorId: string; variant: LandingVariant }) {
      const inserted = await db.insert(landingPageAssignments).values(options).onConflictDoNothing().returning();
      const row = inserted[0] ?? (await db.select().from(landingPageAssignments).where(eq(landingPageAssignments.visitorId, options.visitorId)))[0];
      return { variant: row!.variant, created: inserted.length > 0 };
    },

    findAssignment: async (visitorId: string) =>
      (await db.select().from(landingPageAssignments).where(eq(landingPageAssignments.visitorId, visitorId)))[0],

    findAssignmentOfUser: async (userId: string) =>
      (await db.select().from(landingPageAssignments).where(eq(landingPageAssignments.userId, userId)).orderBy(landingPageAssignments.assignedAt).limit(1))[0],

    /** Ties a visitor to the account it signed up with (only the first account claims it). */
    claim: (options: { visitorId: string; userId: string }) =>
      db
        .update(landingPageAssignments)
        .set({ userId: options.userId })
        .where(and(eq(landingPageAssignments.visitorId, options.visitorId), isNull(landingPageAssignments.userId))),

    /** Records a conversion once per visitor and type; returns whether it was new. */
    async convert(options: { visitorId: string; variant: LandingVariant; conversionType: ConversionType; metadata: Record<string, string | number | boolean> }) {
      const inserted = await db.insert(landingPageConversions).values(options).onConflictDoNothing().returning({ id: landingPageConversions.id });
      return inserted.length > 0;
    },

    /** Assignments, sign-up conversions and all conversions per variant. */
    counts: async (): Promise<ExperimentCounts[]> => {
      const result = await db.execute<{ variant: string; total_assignments: string; signup_conversions: string; total_conversions: string }>(sql`
        select a.variant,
               count(distinct a.visitor_id) as total_assignments,
               count(c.id) filter (where c.conversion_type = 'signup') as signup_conversions,
               count(c.id) as total_conversions
        from landing_page_assignments a
        left join landing_page_conversions c on c.visitor_id = a.visitor_id
        group by a.variant`);
      return result.rows.map((row) => ({
        variant: row.variant,
        totalAssignments: Number(row.total_assignments),
        signupConversions: Number(row.signup_conversions),
        totalConversions: Number(row.total_conversions),
      }));
    },
  };
}

export type ExperimentsRepository = ReturnType<typeof createExperimentsRepository>;
