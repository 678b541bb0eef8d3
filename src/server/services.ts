import { createHmac } from "node:crypto";
import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import { createExpireUploadsJob } from "./jobs/expire-uploads.job";
import { createProcessVideoJob } from "./jobs/process-video.job";
import { createDeleteStoredFilesJob } from "./jobs/delete-stored-files.job";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAccountRepository } from "./modules/account/account.repository";
import { type AccountBilling, createAccountUsecases } from "./modules/account/account.usecases";
import { createAuth } from "./modules/auth/auth";
import { createCommentsRepository } from "./modules/comments/comments.repository";
import { createCommentsUsecases } from "./modules/comments/comments.usecases";
import { createChildrenRepository } from "./modules/children/children.repository";
import { type ChildDeletionStep, createChildrenUsecases } from "./modules/children/children.usecases";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createNotificationsRepository } from "./modules/notifications/notifications.repository";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";
import { createSettingsRepository } from "./modules/settings/settings.repository";
import { createSettingsUsecases } from "./modules/settings/settings.usecases";
import { createObjectStorage, type ObjectRef } from "./modules/storage/storage";
import { createLocalStorage } from "./modules/storage/storage.local";
import { createS3Storage } from "./modules/storage/storage.s3";
import { createUploadsRepository } from "./modules/uploads/uploads.repository";
import { createUploadsUsecases } from "./modules/uploads/uploads.usecases";
import { findVideoTools } from "./modules/videos/videos.ffmpeg";
import { createVideosRepository, deleteVideosOnlyFor } from "./modules/videos/videos.repository";
import { createVideosUsecases } from "./modules/videos/videos.usecases";

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
  const deleteStoredFilesJob = createDeleteStoredFilesJob(storage);
  await jobs.register([deleteStoredFilesJob]);
  const deleteFilesLater = (objects: ObjectRef[]) => jobs.send(deleteStoredFilesJob, { objects });
  /** The billing module replaces cancelSubscription (it cancels the Stripe subscription before account deletion). */
  const billing: AccountBilling = { cancelSubscription: async () => {} };
  /** Modules whose rows hang on a child (memories, issue 4) add their step here. */
  const childDeletionSteps: ChildDeletionStep[] = [deleteVideosOnlyFor];

  const uploads = createUploadsUsecases({ dir: config.uploads.dir, quotaBytes: config.uploads.quotaBytes, uploads: createUploadsRepository(db) });
  const videoTools = findVideoTools();
  const processVideoJob = createProcessVideoJob((videoId) => videos.process(videoId));
  const videos = createVideosUsecases({
    videos: createVideosRepository(db),
    uploads,
    storage,
    notifications: createNotificationsRepository(db),
    tools: videoTools,
    enqueueProcessing: (videoId) => jobs.send(processVideoJob, { videoId }),
  });
  const expireUploadsJob = createExpireUploadsJob(uploads.expireIdle);
  await jobs.register([processVideoJob, expireUploadsJob]);
  await jobs.schedule(expireUploadsJob, "17 * * * *");

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
    /** Resumable (tus) uploads under /api/uploads. */
    uploads,
    videos,
    videoTools,
    comments: createCommentsUsecases({ comments: createCommentsRepository(db) }),
    profiles: createProfilesUsecases({ profiles: createProfilesRepository(db) }),
    children: createChildrenUsecases({ children: createChildrenRepository(db), storage, deleteFilesLater, deletionSteps: childDeletionSteps }),
    childDeletionSteps,
    settings: createSettingsUsecases({ settings: createSettingsRepository(db) }),
    billing,
    account: createAccountUsecases({ accounts: createAccountRepository(db), storage, billing }),
    /** Queues stored files for deletion (after the rows that named them are gone). */
    deleteFilesLater,
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
