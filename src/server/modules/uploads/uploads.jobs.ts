import type { CronJob } from "../../jobs/job-queue";

/** Every hour at :17: removes resumable uploads that have had no progress for 24 hours. */
export const expireUploadsJob = (expireIdle: () => Promise<number>): CronJob => ({ name: "expire-uploads", cron: "17 * * * *", retryLimit: 1, run: expireIdle });
