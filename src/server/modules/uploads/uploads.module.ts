import type { Config } from "../../config";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createUploadsDatastore } from "./uploads.datastore";
import { expireUploadsJob } from "./uploads.jobs";
import { createUploadsRepository } from "./uploads.repository";
import { createUploadsUsecases } from "./uploads.usecases";

/** Resumable uploads: idle ones expire hourly; when an account is deleted ('account.deleted'), the bytes of its uploads go too. */
export async function createUploadsModule(infra: ModuleInfrastructure, options: { storage: Config["storage"]; uploads: Config["uploads"] }) {
  const datastore = createUploadsDatastore({ storage: options.storage, dir: options.uploads.dir });
  const uploads = createUploadsUsecases({ datastore, quotaBytes: options.uploads.quotaBytes, uploads: createUploadsRepository(infra.db) });
  await infra.jobs.schedule(expireUploadsJob(uploads.expireIdle));
  infra.events.on("account.deleted", async ({ uploadIds }) => {
    for (const uploadId of uploadIds) await uploads.deleteFiles(uploadId);
  });
  return uploads;
}
