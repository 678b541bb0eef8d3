import { z } from "zod";
import type { JobDefinition } from "./job-queue";

export const processVideoPayload = z.object({ videoId: z.uuid() });

/** ffprobe/ffmpeg on a finished upload; a transient failure (storage, database) is retried with back-off. */
export function createProcessVideoJob(process: (videoId: string) => Promise<void>): JobDefinition<typeof processVideoPayload> {
  return { name: "process-video", schema: processVideoPayload, retryLimit: 4, handle: (payload) => process(payload.videoId) };
}
