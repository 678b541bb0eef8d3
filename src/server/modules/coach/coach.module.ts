import type { Config } from "../../config";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createModelEngine } from "./coach.model-engine";
import { createCoachRepository } from "./coach.repository";
import { registerCoachRoutes } from "./coach.routes";
import { createCoachUsecases } from "./coach.usecases";

/** Pocket Dad: a configured model (AI_PROVIDER) or the offline Playbook, rate-limited per dad. */
export function createCoachModule(
  infra: ModuleInfrastructure,
  options: Omit<Parameters<typeof createCoachUsecases>[0], "repository" | "model"> & { ai: Config["ai"] },
) {
  const { ai, ...rest } = options;
  const coach = createCoachUsecases({ ...rest, repository: createCoachRepository(infra.db), model: ai ? createModelEngine(ai) : undefined });
  return { coach, routes: registerCoachRoutes({ usecases: coach, rateLimiter: infra.rateLimit }) };
}
