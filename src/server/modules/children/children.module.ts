import type { ModuleInfrastructure } from "../module-infrastructure";
import { createChildrenRepository } from "./children.repository";
import { registerChildrenRoutes } from "./children.routes";
import { type ChildDeletionStep, createChildrenUsecases } from "./children.usecases";

/** Dad's children and their photos; a changed birthdate or a deleted child goes out as an event. */
export function createChildrenModule(infra: ModuleInfrastructure, options: { deletionSteps: ChildDeletionStep[] }) {
  const children = createChildrenUsecases({
    children: createChildrenRepository(infra.db),
    storage: infra.storage,
    deleteFilesLater: infra.deleteFilesLater,
    deletionSteps: options.deletionSteps,
    events: infra.events,
  });
  return { children, routes: registerChildrenRoutes({ usecases: children }) };
}
