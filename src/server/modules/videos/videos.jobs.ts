import { z } from "zod";
import type { JobDefinition, JobQueueDeclaration } from "../../jobs/job-queue";

export const processVideoPayload = z.object({ videoId: z.uuid() });

/** ffprobe/ffmpeg on a finished upload; a transient failure (storage, database) is retried with back-off. */
export const processVideoQueue: JobQueueDeclaration<typeof processVideoPayload> = { name: "process-video", schema: processVideoPayload, retryLimit: 4, heavy: true };

export function createProcessVideoJob(process: (videoId: string) => Promise<void>): JobDefinition<typeof processVideoPayload> {
  return { ...processVideoQueue, handle: (payload) => process(payload.videoId) };
}
