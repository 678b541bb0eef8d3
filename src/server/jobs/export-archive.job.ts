import { z } from "zod";
import type { ExportUsecases } from "../modules/export/export.usecases";
import type { JobDefinition } from "./job-queue";

export const exportArchivePayload = z.object({ archiveId: z.uuid() });

/** Builds one 'Download everything' archive; a failed or interrupted run starts again from the beginning. */
export function createExportArchiveJob(usecases: Pick<ExportUsecases, "build">): JobDefinition<typeof exportArchivePayload> {
  return { name: "export-archive", schema: exportArchivePayload, retryLimit: 3, handle: ({ archiveId }) => usecases.build(archiveId) };
}

export const deleteExpiredArchivesPayload = z.object({}).passthrough();
/** Every hour at :41: archives past their 7 days are deleted. */
export const DELETE_EXPIRED_ARCHIVES_CRON = "41 * * * *";

export function createDeleteExpiredArchivesJob(usecases: Pick<ExportUsecases, "deleteExpired">): JobDefinition<typeof deleteExpiredArchivesPayload> {
  return {
    name: "delete-expired-archives",
    schema: deleteExpiredArchivesPayload,
    retryLimit: 3,
    handle: async () => {
      await usecases.deleteExpired();
    },
  };
}
