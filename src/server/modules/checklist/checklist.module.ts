import type { ModuleInfrastructure } from "../module-infrastructure";
import { createChecklistRepository } from "./checklist.repository";
import { registerChecklistRoutes } from "./checklist.routes";
import { type ChecklistUsecasesOptions, createChecklistUsecases } from "./checklist.usecases";

/** The getting-started checklist on the dashboard. */
export function createChecklistModule(infra: ModuleInfrastructure, options: Omit<ChecklistUsecasesOptions, "repository">) {
  const checklist = createChecklistUsecases({ ...options, repository: createChecklistRepository(infra.db) });
  return { checklist, routes: registerChecklistRoutes({ checklist }) };
}
