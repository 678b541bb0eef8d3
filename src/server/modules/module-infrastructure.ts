import type { Database } from "../db/client";
import type { EventBus } from "../events/events";
import type { JobQueue } from "../jobs/job-queue";
import type { ObjectRef, ObjectStorage } from "./storage/storage";

/**
 * What the composition root (services.ts) hands every module: infrastructure only. A module
 * registers its own jobs and its own event subscriptions in its `<module>.module.ts`.
 */
export type ModuleInfrastructure = {
  db: Database;
  jobs: JobQueue;
  events: EventBus;
  storage: ObjectStorage;
  /** Queues stored files for deletion after the rows that named them are gone. */
  deleteFilesLater: (objects: ObjectRef[]) => Promise<void>;
  log: (message: string) => void;
};
