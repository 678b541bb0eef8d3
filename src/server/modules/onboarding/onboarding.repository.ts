import { eq, inArray, and } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { onboardingQuestions, onboardingResponses } from "./onboarding.table";

export function createOnboardingRepository(db: Database) {
  return {
    activeQuestionIds: async (keys: string[]) =>
      new Map(
        (await db.select().from(onboardingQuestions).where(and(inArray(onboardingQuestions.key, keys), eq(onboardingQuestions.active, true)))).map(
          (q) => [q.key, q.id] as const,
        ),
      ),

    /**
     * Upserts this user's answers (one per question, about Dad himself), then `inTransaction` (the
     * profile's copy of the result, written by the profiles module), in one transaction: both or neither.
     */
    saveAnswers: (
      userId: string,
      rows: { questionId: number; answerShort: string; answerJson: unknown }[],
      inTransaction: (tx: DbOrTransaction) => Promise<unknown>,
    ) =>
      db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .insert(onboardingResponses)
            .values({ userId, childId: null, ...row })
            .onConflictDoUpdate({
              target: [onboardingResponses.userId, onboardingResponses.childId, onboardingResponses.questionId],
              set: { answerShort: row.answerShort, answerJson: row.answerJson, updatedAt: new Date() },
            });
        }
        await inTransaction(tx);
      }),

    responsesFor: (userId: string) => db.select().from(onboardingResponses).where(eq(onboardingResponses.userId, userId)),
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
