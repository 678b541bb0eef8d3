import type { EmailOutbox } from "../email/email.types";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { type ConfirmReaders, createMilestoneConfirmUsecases, type LinkAccess, type MilestoneGate } from "./guardians.confirm";
import { registerMilestoneConfirmRoutes } from "./guardians.confirm.routes";

/**
 * A guardian confirming a milestone, wired on its own: its page and its answer, its usecase and its statements. It
 * reaches the family links through their one access question and the memories module through the one memory it
 * names (`MilestoneGate`), not through the rest of the guardians module.
 */
export function createMilestoneConfirmModule(
  infra: Pick<ModuleInfrastructure, "db" | "rateLimit">,
  options: { access: LinkAccess; memories: MilestoneGate; readers: ConfirmReaders; outbox: EmailOutbox; appUrl: string },
) {
  const usecases = createMilestoneConfirmUsecases({ db: infra.db, memories: options.memories, readers: options.readers, outbox: options.outbox, appUrl: options.appUrl });
  return { usecases, routes: registerMilestoneConfirmRoutes({ usecases, access: options.access, rateLimit: infra.rateLimit }) };
}
