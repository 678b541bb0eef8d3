import type { ModuleInfrastructure } from "../module-infrastructure";
import { createIdeasRepository } from "./ideas.repository";
import { registerIdeasRoutes } from "./ideas.routes";
import { createIdeasUsecases } from "./ideas.usecases";

/** The prompt library ('Ideas'): categories and prompts seeded by a migration. */
export function createIdeasModule(infra: ModuleInfrastructure) {
  const ideas = createIdeasUsecases({ ideas: createIdeasRepository(infra.db) });
  return { ideas, routes: registerIdeasRoutes({ usecases: ideas }) };
}
