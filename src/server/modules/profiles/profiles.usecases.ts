import type { SessionUser } from "../auth/auth.middleware";
import { profileErrors } from "./profiles.errors";
import type { ProfilesRepository } from "./profiles.repository";

export function createProfilesUsecases(options: {
  profiles: ProfilesRepository;
  /** Billing recomputes has_access (an expired gift has no event of its own) before it is read. */
  refreshAccess: (userId: string) => Promise<unknown>;
}) {
  return {
    /** The signed-in user with the profile the web app reads on every page. */
    async getMe(user: SessionUser) {
      await options.refreshAccess(user.id);
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
