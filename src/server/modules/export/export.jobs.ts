import { z } from "zod";
import type { ExportUsecases } from "./export.usecases";
import type { CronJob, JobDefinition, JobQueueDeclaration } from "../../jobs/job-queue";

export const exportArchivePayload = z.object({ archiveId: z.uuid() });

/**
 * Builds one 'Download everything' archive; a failed or interrupted run starts again from the beginning. Past its
 * retries the archive is marked failed at once, so Settings offers 'Try again' instead of showing it building.
 */
export const exportArchiveQueue: JobQueueDeclaration<typeof exportArchivePayload> = {
  name: "export-archive",
  schema: exportArchivePayload,
  // Two retries (after 5-10 s, then 10-20 s): a build that cannot succeed shows as failed within about a minute.
  retryLimit: 2,
  heavy: true,
};

export function createExportArchiveJob(usecases: Pick<ExportUsecases, "build" | "buildFailed">): JobDefinition<typeof exportArchivePayload> {
  return {
    ...exportArchiveQueue,
    handle: ({ archiveId }) => usecases.build(archiveId),
    onFailedForGood: ({ archiveId }) => usecases.buildFailed(archiveId),
  };
}

/** Every hour at :41: archives past their 7 days are deleted. */
export const deleteExpiredArchivesJob = (usecases: Pick<ExportUsecases, "deleteExpired">): CronJob => ({ name: "delete-expired-archives", cron: "41 * * * *", run: () => usecases.deleteExpired() });
