import { createHmac } from "node:crypto";
import type { Config } from "../../config";
import type { JobQueue } from "../../jobs/job-queue";
import { createObjectStorage, type ObjectRef } from "./storage";
import { createDeleteStoredFilesJob } from "./storage.jobs";
import { createLocalStorage } from "./storage.local";
import { registerStorageRoutes } from "./storage.routes";
import { createS3Storage } from "./storage.s3";

/**
 * Private files for every module, on local disk (the app serves HMAC-signed links at /files/) or S3 (presigned
 * links), behind one interface; files are deleted by a job once the rows that named them are gone. Built before the
 * other modules: it is part of the infrastructure they are handed.
 */
export async function createStorageModule(options: { storage: Config["storage"]; authSecret: string; jobs: JobQueue }) {
  const { storage, localStorage } = createStorage(options.storage, options.authSecret);
  const deleteStoredFilesJob = createDeleteStoredFilesJob(storage);
  await options.jobs.register([deleteStoredFilesJob]);
  return {
    storage,
    localStorage,
    /** Queues stored files for deletion (after the rows that named them are gone). */
    deleteFilesLater: (objects: ObjectRef[]) => options.jobs.send(deleteStoredFilesJob, { objects }),
    routes: localStorage ? registerStorageRoutes({ local: localStorage }) : undefined,
  };
}

function createStorage(storageConfig: Config["storage"], authSecret: string) {
  if (storageConfig.kind === "s3") return { storage: createObjectStorage(createS3Storage(storageConfig)), localStorage: undefined };
  const signingKey = createHmac("sha256", authSecret).update("hey-dad storage links").digest();
  const localStorage = createLocalStorage({ root: storageConfig.root, signingKey });
  return { storage: createObjectStorage(localStorage.driver), localStorage };
}
