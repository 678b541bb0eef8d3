import type { ModuleInfrastructure } from "../module-infrastructure";
import { detectFileType } from "../storage/storage.file-type";
import { createMemoriesRepository } from "./memories.repository";
import { createMemoryUnlocks, recordUnlocksJob } from "./memories.unlocks";
import { createMemoriesUsecases } from "./memories.usecases";

/**
 * The memories module: narrations, quick notes and videos read as one memory, their unlock
 * instants and unlock events. It registers its unlock job and keeps the stored instants current
 * when something they depend on changes elsewhere (a video processed, a birthdate, a time zone).
 */
export async function createMemoriesModule(infra: ModuleInfrastructure, options: { clock?: () => Date } = {}) {
  const clock = options.clock ?? (() => new Date());
  const repository = createMemoriesRepository(infra.db);
  const unlocks = createMemoryUnlocks({ db: infra.db, events: infra.events });
  const usecases = createMemoriesUsecases({ memories: repository, storage: infra.storage, detectFileType, deleteFilesLater: infra.deleteFilesLater, unlocks, events: infra.events, log: infra.log, clock });

  await infra.jobs.schedule(recordUnlocksJob(unlocks, clock));

  // A video opens only once processed ('now' ones at once); a failed one never does.
  infra.events.on("video.ready", async ({ userId, videoId }) => {
    await unlocks.recompute({ userId, memoryId: videoId });
    await unlocks.run({ now: clock(), memoryId: videoId });
  });
  infra.events.on("child.birthdate-changed", async ({ userId, childId }) => {
    await unlocks.recompute({ userId, childId });
    await unlocks.run({ now: clock() });
  });
  const recomputeAccount = async ({ userId }: { userId: string }) => {
    await unlocks.recompute({ userId, all: true });
    await unlocks.run({ now: clock() });
  };
  infra.events.on("account.time-zone-changed", recomputeAccount);
  // A memory shared with the deleted child keeps its other children; an age rule now follows only theirs
  // (the deleted child's links are gone, so the account's memories are recomputed; opened ones stay open).
  infra.events.on("child.deleted", recomputeAccount);

  return { repository, unlocks, usecases, recordUnlocksJob };
}

export type MemoriesModule = Awaited<ReturnType<typeof createMemoriesModule>>;
