import type { EmailOutbox } from "../email/email.types";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { dadMovesWeeklyJob } from "./marketing.jobs";
import { createSubscribersRepository } from "./marketing.repository";
import { registerMarketingRoutes } from "./marketing.routes";
import { createMarketingUsecases } from "./marketing.usecases";
import { createReadsFeed } from "./reads-feed";
import { registerSeoRoutes } from "./seo.routes";

/** The public site: the Dad Moves list and the weekly mail it schedules for itself, the reads feed, robots and sitemap. */
export async function createMarketingModule(infra: ModuleInfrastructure, options: { outbox: EmailOutbox; appUrl: string; newsletterFeedUrl?: string }) {
  const marketing = createMarketingUsecases({ subscribers: createSubscribersRepository(infra.db), outbox: options.outbox, appUrl: options.appUrl });
  await infra.jobs.schedule(dadMovesWeeklyJob(marketing));
  const reads = createReadsFeed({ feedUrl: options.newsletterFeedUrl });
  return { marketing, reads, routes: [registerMarketingRoutes({ marketing, reads, rateLimit: infra.rateLimit }), registerSeoRoutes({ appUrl: options.appUrl })] };
}
