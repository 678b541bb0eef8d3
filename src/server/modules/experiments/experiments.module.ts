import type { ModuleInfrastructure } from "../module-infrastructure";
import { createExperimentsRepository } from "./experiments.repository";
import { registerExperimentsRoutes } from "./experiments.routes";
import { createExperimentsUsecases } from "./experiments.usecases";

/** The landing page's A/B experiment: assignments, conversions, and the results page for ADMIN_EMAILS. */
export function createExperimentsModule(infra: ModuleInfrastructure, options: { adminEmails: string[] }) {
  const experiments = createExperimentsUsecases({ experiments: createExperimentsRepository(infra.db), adminEmails: options.adminEmails });
  return { experiments, routes: registerExperimentsRoutes({ usecases: experiments, rateLimit: infra.rateLimit }) };
}
