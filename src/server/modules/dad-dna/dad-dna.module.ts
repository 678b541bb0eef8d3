import type { ModuleInfrastructure } from "../module-infrastructure";
import { createDadDnaRepository } from "./dad-dna.repository";
import { registerDadDnaRoutes } from "./dad-dna.routes";
import { createDadDnaUsecases } from "./dad-dna.usecases";

/** The Dad DNA test: twenty questions whose result tunes Pocket Dad's starting tone. */
export function createDadDnaModule(infra: ModuleInfrastructure, options: Omit<Parameters<typeof createDadDnaUsecases>[0], "repository">) {
  const dadDna = createDadDnaUsecases({ ...options, repository: createDadDnaRepository(infra.db) });
  return { dadDna, routes: registerDadDnaRoutes({ usecases: dadDna }) };
}
