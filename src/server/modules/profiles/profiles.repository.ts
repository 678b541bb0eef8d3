import { eq, sql } from "drizzle-orm";
import type { ProfileInput } from "../../../shared/settings";
import type { Database } from "../../db/client";
import type { DbOrTransaction } from "../../db/transaction";
import { profiles } from "./profiles.table";

export type OnboardingResult = {
  userId: string;
  result: { onboardingAnswers: unknown; quizResult: string; quizCompletedAt: Date; pocketdadTone: string };
};

export function createProfilesRepository(db: Database) {
  // Read on every page (/api/me): prepared once, not rebuilt from the query builder per request.
  const profileById = db.select().from(profiles).where(eq(profiles.id, sql.placeholder("userId"))).prepare("profiles_by_id");

  return {
    findById: async (userId: string) => (await profileById.execute({ userId }))[0],

    /** Billing records whether the user has access as of now (profiles.has_access). */
    setHasAccess: (input: { userId: string; hasAccess: boolean }) =>
      db.update(profiles).set({ hasAccess: input.hasAccess, updatedAt: new Date() }).where(eq(profiles.id, input.userId)),

    /** Pocket Dad's saved tone and intensity (null: the defaults). `tx`: the Dad DNA module's transaction. */
    savePocketDadPreferences: (input: { userId: string; tone: string | null; intensity: string | null }, tx: DbOrTransaction = db) =>
      tx
        .update(profiles)
        .set({ pocketdadTone: input.tone, pocketdadToneIntensity: input.intensity, updatedAt: new Date() })
        .where(eq(profiles.id, input.userId)),

    /**
     * The onboarding questionnaire's result: answers, archetype, completion time and the tone it
     * suggests (the intensity goes back to the default). `tx`: the onboarding module's transaction.
     */
    saveOnboardingResult: (input: OnboardingResult, tx: DbOrTransaction = db) =>
      tx
        .update(profiles)
        .set({ ...input.result, pocketdadToneIntensity: null, updatedAt: new Date() })
        .where(eq(profiles.id, input.userId)),

    /**
     * Name, phone and time zone from the settings page; undefined when there is no profile.
     * `tx`: the settings module's transaction (the auth user's copy changes with it); `at`: its updated_at.
     */
    updateAccountProfile: async (input: { userId: string; values: ProfileInput; at?: Date }, tx: DbOrTransaction = db) =>
      (
        await tx
          .update(profiles)
          .set({ ...input.values, updatedAt: input.at ?? new Date() })
          .where(eq(profiles.id, input.userId))
          .returning({ id: profiles.id })
      )[0],
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
