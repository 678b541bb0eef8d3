import { z } from "zod";
import type { JobDefinition } from "./job-queue";

export const expireUploadsPayload = z.object({}).passthrough();

/** Hourly: removes resumable uploads that have had no progress for 24 hours. */
export function createExpireUploadsJob(expireIdle: () => Promise<number>): JobDefinition<typeof expireUploadsPayload> {
  return { name: "expire-uploads", schema: expireUploadsPayload, retryLimit: 1, handle: async () => void (await expireIdle()) };
}
