import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAuth } from "./modules/auth/auth";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createModelEngine } from "./modules/coach/coach.model-engine";
import { createCoachRepository } from "./modules/coach/coach.repository";
import { createCoachUsecases } from "./modules/coach/coach.usecases";
import { createOnboardingRepository } from "./modules/onboarding/onboarding.repository";
import { createOnboardingUsecases } from "./modules/onboarding/onboarding.usecases";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";

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
    rateLimit: config.rateLimit,
    coach: createCoachUsecases({ repository: createCoachRepository(db), model: config.ai ? createModelEngine(config.ai) : undefined }),
    onboarding: createOnboardingUsecases({ repository: createOnboardingRepository(db) }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
