import type { MemoriesModule } from "../memories/memories.module";
import type { ModuleInfrastructure } from "../module-infrastructure";
import type { UploadsUsecases } from "../uploads/uploads.usecases";
import { findVideoTools } from "./videos.ffmpeg";
import { createProcessVideoJob, processVideoQueue } from "./videos.jobs";
import { createVideosRepository } from "./videos.repository";
import { createVideosUsecases } from "./videos.usecases";

/** Videos: saving one from an upload, and its processing job (which emits 'video.ready' or 'video.failed'). */
export async function createVideosModule(infra: ModuleInfrastructure, options: { uploads: UploadsUsecases; memories: MemoriesModule; ffmpegThreads: number }) {
  const tools = findVideoTools({ threads: options.ffmpegThreads });
  const repository = createVideosRepository(infra.db);
  const usecases = createVideosUsecases({
    videos: repository,
    uploads: options.uploads,
    storage: infra.storage,
    events: infra.events,
    tools,
    enqueueProcessing: (videoId) => infra.jobs.send(processVideoQueue, { videoId }),
    storeUnlockInstants: (tx, input) => options.memories.unlocks.recompute({ userId: input.userId, memoryId: input.videoId }, tx),
  });
  await infra.jobs.register([createProcessVideoJob((videoId) => usecases.process(videoId))]);
  return { usecases, tools };
}
