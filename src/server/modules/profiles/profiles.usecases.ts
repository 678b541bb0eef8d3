import type { SessionUser } from "../auth/auth.middleware";
import { profileErrors } from "./profiles.errors";
import type { ProfilesRepository } from "./profiles.repository";

export function createProfilesUsecases(options: { profiles: ProfilesRepository }) {
  return {
    /** The signed-in user with the profile the web app reads on every page. */
    async getMe(user: SessionUser) {
      const profile = await options.profiles.findById(user.id);
      if (!profile) throw profileErrors.missing();
      return {
        user: { id: user.id, email: user.email, emailVerified: user.emailVerified },
        profile: {
          fullName: profile.fullName,
          email: profile.email,
          createdAt: profile.createdAt.toISOString(),
          hasAccess: profile.hasAccess,
          timeZone: profile.timeZone,
        },
      };
    },
  };
}
