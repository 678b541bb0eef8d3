import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import { createDeleteMemoryFilesJob } from "./jobs/delete-memory-files.job";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAuth } from "./modules/auth/auth";
import { createIdeasRepository } from "./modules/ideas/ideas.repository";
import { createIdeasUsecases } from "./modules/ideas/ideas.usecases";
import { createMemoriesRepository } from "./modules/memories/memories.repository";
import { storageNotReady } from "./modules/memories/memories.storage";
import { createMemoriesUsecases } from "./modules/memories/memories.usecases";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";

/** Wires every module from the parsed config, the database and the job queue. */
export async function createServices(options: { config: Config; db: Database; pool: pg.Pool; jobs: JobQueue; authSecret: string; log: (message: string) => void }) {
  const { config, db, pool, jobs } = options;
  const sendEmailJob = createSendEmailJob(createEmailSender({ transport: config.email.transport, from: config.email.from, db }));
  const { storage, detectFileType } = storageNotReady;
  const deleteMemoryFilesJob = createDeleteMemoryFilesJob(storage);
  await jobs.register([sendEmailJob, deleteMemoryFilesJob]);
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
    memories: createMemoriesUsecases({ memories: createMemoriesRepository(db), storage, detectFileType, jobs, deleteFilesJob: deleteMemoryFilesJob }),
    ideas: createIdeasUsecases({ ideas: createIdeasRepository(db) }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
