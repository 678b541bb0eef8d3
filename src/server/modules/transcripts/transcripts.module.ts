import type { ModuleInfrastructure } from "../module-infrastructure";
import { chooseTranscriber, type TranscriberSetting } from "./transcripts.engine";
import { createTranscribeMemoryJob, transcribeMemoryQueue } from "./transcripts.jobs";
import { createTranscriptsRepository } from "./transcripts.repository";
import { registerTranscriptsRoutes } from "./transcripts.routes";
import { createTranscriptsUsecases } from "./transcripts.usecases";

/**
 * Transcripts: every recording (a narration's or note's voice once saved, a video once processed) is turned into
 * words with timings by a job, kept as segments with a WebVTT captions file beside the recording; Dad's own text wins.
 */
export async function createTranscriptsModule(infra: ModuleInfrastructure, options: { setting: TranscriberSetting }) {
  const choice = await chooseTranscriber(options.setting);
  const usecases = createTranscriptsUsecases({
    repository: createTranscriptsRepository(infra.db),
    storage: infra.storage,
    transcriber: choice.transcriber,
    // One job per recording file: the same file sent twice is one job.
    enqueue: ({ memoryId, sourceSha256 }) => infra.jobs.send(transcribeMemoryQueue, { memoryId }, { singletonKey: `${memoryId}:${sourceSha256 ?? ""}` }),
    deleteFilesLater: infra.deleteFilesLater,
  });
  await infra.jobs.register([createTranscribeMemoryJob({ transcribe: usecases.transcribe, failedForGood: usecases.failedForGood })]);
  infra.events.on("memory.recorded", ({ memoryId }) => usecases.request(memoryId));
  infra.events.on("video.ready", ({ videoId }) => usecases.request(videoId));
  return { usecases, description: choice.description, routes: registerTranscriptsRoutes({ usecases }) };
}
