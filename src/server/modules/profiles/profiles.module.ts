import type { ModuleInfrastructure } from "../module-infrastructure";
import { createProfilesRepository } from "./profiles.repository";
import { registerProfilesRoutes } from "./profiles.routes";
import { createProfilesUsecases } from "./profiles.usecases";

/**
 * The profile the web app reads on every page. Billing, coach, onboarding, Dad DNA and settings write it through
 * these usecases; billing's access changes arrive as 'access.changed'.
 */
export function createProfilesModule(infra: ModuleInfrastructure, options: Omit<Parameters<typeof createProfilesUsecases>[0], "profiles">) {
  const profiles = createProfilesUsecases({ ...options, profiles: createProfilesRepository(infra.db) });
  infra.events.on("access.changed", async (input) => void (await profiles.setHasAccess(input)));
  return { profiles, routes: registerProfilesRoutes({ usecases: profiles }) };
}
