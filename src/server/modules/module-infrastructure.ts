import type { Database } from "../db/client";
import type { EventBus } from "../events/events";
import type { RateLimiter } from "../http/rate-limit";
import type { JobQueue } from "../jobs/job-queue";
import type { ObjectRef, ObjectStorage } from "./storage/storage";

/**
 * What the composition root (services.ts) hands every module: infrastructure only. Each module declares itself in
 * its `<module>.module.ts`: `create<Module>Module(infra, what it needs from modules built before it)` registers the
 * module's jobs (declared in `<module>.jobs.ts`) and its event handlers, and returns its public usecases and its
 * `routes`, which the composition root mounts in the order it lists the modules.
 */
export type ModuleInfrastructure = {
  db: Database;
  jobs: JobQueue;
  events: EventBus;
  storage: ObjectStorage;
  /** Queues stored files for deletion after the rows that named them are gone. */
  deleteFilesLater: (objects: ObjectRef[]) => Promise<void>;
  log: (message: string) => void;
  /** Per-client request limits with counters in PostgreSQL (RATE_LIMIT=off turns them off). */
  rateLimit: RateLimiter;
};
