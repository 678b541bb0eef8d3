import type { ProfileInput } from "../../../shared/settings";
import type { SessionUser } from "../auth/auth.types";
import { profileErrors } from "./profiles.errors";
import type { DbOrTransaction } from "../../db/transaction";
import type { OnboardingResult, ProfilesRepository } from "./profiles.repository";

export function createProfilesUsecases(options: {
  profiles: ProfilesRepository;
  /** Billing decides access as of now (an expired gift has no event of its own). */
  accessOf: (userId: string) => Promise<{ hasAccess: boolean } | null>;
}) {
  return {
    /** The signed-in user with the profile the web app reads on every page. */
    async getMe(user: SessionUser) {
      const [profile, access] = await Promise.all([options.profiles.findById(user.id), options.accessOf(user.id)]);
      if (!profile) throw profileErrors.missing();
      return {
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
        profile: {
          fullName: profile.fullName,
          email: profile.email,
          createdAt: profile.createdAt.toISOString(),
          hasAccess: access?.hasAccess ?? false,
          timeZone: profile.timeZone,
        },
      };
    },

    /** The coach and onboarding modules read the saved tone, answers and time zone from the profile. */
    findProfile: (userId: string) => options.profiles.findById(userId),
    /** The billing module records access after a billing event. */
    setHasAccess: (input: { userId: string; hasAccess: boolean }) => options.profiles.setHasAccess(input),

    /**
     * The coach module saves (or, with nulls, clears) Pocket Dad's tone and intensity; the Dad DNA
     * module sets them from a result, inside its own transaction.
     */
    savePocketDadPreferences: (input: { userId: string; tone: string | null; intensity: string | null }, tx?: DbOrTransaction) =>
      options.profiles.savePocketDadPreferences(input, tx),

    /** The onboarding module saves the questionnaire's result, inside its own transaction when given one. */
    saveOnboardingResult: (input: OnboardingResult, tx?: DbOrTransaction) => options.profiles.saveOnboardingResult(input, tx),

    /** The settings module saves name, phone and time zone, inside its own transaction when given one. */
    updateAccountProfile: (input: { userId: string; values: ProfileInput; at?: Date }, tx?: DbOrTransaction) => options.profiles.updateAccountProfile(input, tx),
  };
}

export type ProfilesUsecases = ReturnType<typeof createProfilesUsecases>;
