import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import { createDadMovesWeeklyJob, DAD_MOVES_WEEKLY_CRON } from "./jobs/dad-moves-weekly.job";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAnalyticsRepository } from "./modules/analytics/analytics.repository";
import { createAnalyticsUsecases } from "./modules/analytics/analytics.usecases";
import { createAuth } from "./modules/auth/auth";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createExperimentsRepository } from "./modules/experiments/experiments.repository";
import { createExperimentsUsecases } from "./modules/experiments/experiments.usecases";
import { createSubscribersRepository } from "./modules/marketing/marketing.repository";
import { createMarketingUsecases } from "./modules/marketing/marketing.usecases";
import { createReadsFeed } from "./modules/marketing/reads-feed";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";
import { createRateLimiter } from "./modules/rate-limit/rate-limit.middleware";
import { createRateLimitRepository } from "./modules/rate-limit/rate-limit.repository";

/** Wires every module from the parsed config, the database and the job queue. */
export async function createServices(options: { config: Config; db: Database; pool: pg.Pool; jobs: JobQueue; authSecret: string; log: (message: string) => void }) {
  const { config, db, pool, jobs } = options;
  const sendEmailJob = createSendEmailJob(createEmailSender({ transport: config.email.transport, from: config.email.from, db }));
  await jobs.register([sendEmailJob]);
  const outbox = createEmailOutbox({ jobs, job: sendEmailJob });
  const auth = createAuth({ db, appUrl: config.appUrl, secret: options.authSecret, outbox, google: config.google, rateLimit: config.rateLimit,
    extraOrigins: config.env === "development" ? ["http://localhost:5173"] : [],
    log: options.log,
  });
  const marketing = createMarketingUsecases({ subscribers: createSubscribersRepository(db), outbox, appUrl: config.appUrl });
  const dadMovesWeeklyJob = createDadMovesWeeklyJob(marketing);
  await jobs.register([dadMovesWeeklyJob]);
  await jobs.schedule(dadMovesWeeklyJob, DAD_MOVES_WEEKLY_CRON, {});

  return {
    appUrl: config.appUrl,
    trustProxy: config.trustProxy,
    google: config.google,
    devMailbox: config.email.transport.kind === "mailbox" && !config.isProduction,
    db,
    pool,
    jobs,
    outbox,
    auth,
    mailbox: createMailboxRepository(db),
    profiles: createProfilesUsecases({ profiles: createProfilesRepository(db) }),
    rateLimit: createRateLimiter({ enabled: config.rateLimit, repository: createRateLimitRepository(db) }),
    experiments: createExperimentsUsecases({ experiments: createExperimentsRepository(db), adminEmails: config.adminEmails }),
    marketing,
    reads: createReadsFeed({ feedUrl: config.newsletterFeedUrl }),
    analytics: createAnalyticsUsecases({ analytics: createAnalyticsRepository(db) }),
    metaPixelId: config.metaPixelId,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
