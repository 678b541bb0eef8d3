import type { ModuleInfrastructure } from "../module-infrastructure";
import { createCommentsRepository } from "./comments.repository";
import { registerCommentsRoutes } from "./comments.routes";
import { createCommentsUsecases } from "./comments.usecases";

/** Dad's comments on his own videos. */
export function createCommentsModule(infra: ModuleInfrastructure) {
  const comments = createCommentsUsecases({ comments: createCommentsRepository(infra.db) });
  return { comments, routes: registerCommentsRoutes({ usecases: comments }) };
}
