import { createHmac } from "node:crypto";
import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAuth } from "./modules/auth/auth";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";
import { createObjectStorage } from "./modules/storage/storage";
import { createLocalStorage } from "./modules/storage/storage.local";
import { createS3Storage } from "./modules/storage/storage.s3";

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
  const { storage, localStorage } = createStorage(config.storage, options.authSecret);

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
    /** Private files for every module: put, get, delete, list, signed links. */
    storage,
    /** Set when files are on local disk: the app then serves their signed links at /files/. */
    localStorage,
    storageLinkOrigin: config.storage.kind === "s3" ? config.storage.linkOrigin : undefined,
    profiles: createProfilesUsecases({ profiles: createProfilesRepository(db) }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** Local disk (the app serves HMAC-signed links) or S3 (presigned links), behind one interface. */
function createStorage(storageConfig: Config["storage"], authSecret: string) {
  if (storageConfig.kind === "s3") return { storage: createObjectStorage(createS3Storage(storageConfig)), localStorage: undefined };
  const signingKey = createHmac("sha256", authSecret).update("hey-dad storage links").digest();
  const localStorage = createLocalStorage({ root: storageConfig.root, signingKey });
  return { storage: createObjectStorage(localStorage.driver), localStorage };
}
