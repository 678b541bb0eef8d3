import { z } from "zod";
import type { JobDefinition } from "../../jobs/job-queue";

export const expireUploadsPayload = z.object({}).passthrough();
/** Every hour at :17. */
export const EXPIRE_UPLOADS_CRON = "17 * * * *";

/** Hourly: removes resumable uploads that have had no progress for 24 hours. */
export function createExpireUploadsJob(expireIdle: () => Promise<number>): JobDefinition<typeof expireUploadsPayload> {
  return { name: "expire-uploads", schema: expireUploadsPayload, retryLimit: 1, handle: async () => void (await expireIdle()) };
}
