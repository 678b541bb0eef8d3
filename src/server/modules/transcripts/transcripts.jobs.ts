import { z } from "zod";
import type { JobDefinition, JobQueueDeclaration } from "../../jobs/job-queue";

export const transcribeMemoryPayload = z.object({ memoryId: z.uuid() });

/** The recording of one memory into words; a transient failure (storage, database, the engine) is retried with back-off. */
export const transcribeMemoryQueue: JobQueueDeclaration<typeof transcribeMemoryPayload> = { name: "transcribe-memory", schema: transcribeMemoryPayload, retryLimit: 3, heavy: true };

export function createTranscribeMemoryJob(handlers: { transcribe: (memoryId: string) => Promise<void>; failedForGood: (memoryId: string) => Promise<void> }): JobDefinition<typeof transcribeMemoryPayload> {
  return { ...transcribeMemoryQueue, handle: (payload) => handlers.transcribe(payload.memoryId), onFailedForGood: (payload) => handlers.failedForGood(payload.memoryId) };
}
