import type { ModuleInfrastructure } from "../module-infrastructure";
import { createOnboardingRepository } from "./onboarding.repository";
import { registerOnboardingRoutes } from "./onboarding.routes";
import { createOnboardingUsecases } from "./onboarding.usecases";

/** The onboarding questionnaire; its result is kept on the profile. */
export function createOnboardingModule(infra: ModuleInfrastructure, options: Omit<Parameters<typeof createOnboardingUsecases>[0], "repository">) {
  const onboarding = createOnboardingUsecases({ ...options, repository: createOnboardingRepository(infra.db) });
  return { onboarding, routes: registerOnboardingRoutes({ usecases: onboarding }) };
}
