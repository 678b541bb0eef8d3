import type { ModuleInfrastructure } from "../module-infrastructure";
import { createSettingsRepository } from "./settings.repository";
import { registerSettingsRoutes } from "./settings.routes";
import { createSettingsUsecases } from "./settings.usecases";

/** The account's settings; a changed time zone goes out as 'account.time-zone-changed'. */
export function createSettingsModule(
  infra: ModuleInfrastructure,
  options: Pick<Parameters<typeof createSettingsUsecases>[0], "updateAccountProfile" | "updateUserNameAndTimeZone">,
) {
  const repository = createSettingsRepository(infra.db);
  const settings = createSettingsUsecases({ ...options, settings: repository, events: infra.events });
  return {
    settings,
    /** Whether the dad wants the bell's messages by email too (yes until he says otherwise). */
    wantsEmail: async (userId: string) => (await repository.findNotifications(userId))?.emailNotifications ?? true,
    routes: registerSettingsRoutes({ usecases: settings }),
  };
}
