import { createDadMovesWeeklyJob, DAD_MOVES_WEEKLY_CRON } from "../../jobs/dad-moves-weekly.job";
import type { EmailOutbox } from "../email/email.usecases";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createSubscribersRepository } from "./marketing.repository";
import { createMarketingUsecases } from "./marketing.usecases";

/** The Dad Moves list: its subscribers, and the weekly mail it schedules for itself. */
export async function createMarketingModule(infra: ModuleInfrastructure, options: { outbox: EmailOutbox; appUrl: string }) {
  const marketing = createMarketingUsecases({ subscribers: createSubscribersRepository(infra.db), ...options });
  const weeklyJob = createDadMovesWeeklyJob(marketing);
  await infra.jobs.register([weeklyJob]);
  await infra.jobs.schedule(weeklyJob, DAD_MOVES_WEEKLY_CRON, {});
  return marketing;
}
