import { createDeleteExpiredArchivesJob, createExportArchiveJob, DELETE_EXPIRED_ARCHIVES_CRON } from "../../jobs/export-archive.job";
import type { EmailOutbox } from "../email/email.usecases";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createExportRepository } from "./export.repository";
import { createExportSource } from "./export.source";
import { createExportUsecases } from "./export.usecases";

/**
 * 'Download everything' (issue 16), a child's keepsake archive and keepsake cards: it registers the
 * archive job and the hourly cleanup of archives past 7 days. It reads the account's memories,
 * children and comments through those modules' usecases (export.source.ts).
 */
export async function createExportModule(
  infra: ModuleInfrastructure,
  options: {
    source: Parameters<typeof createExportSource>[0];
    outbox: EmailOutbox;
    appUrl: string;
    emailOf: (userId: string) => Promise<string | undefined>;
  },
) {
  const exportArchiveJob = createExportArchiveJob({ build: (archiveId) => usecases.build(archiveId), buildFailed: (archiveId) => usecases.buildFailed(archiveId) });
  const usecases = createExportUsecases({
    archives: createExportRepository(infra.db),
    source: createExportSource(options.source),
    storage: infra.storage,
    outbox: options.outbox,
    appUrl: options.appUrl,
    emailOf: options.emailOf,
    enqueueBuild: (archiveId) => infra.jobs.send(exportArchiveJob, { archiveId }),
  });
  const deleteExpiredArchivesJob = createDeleteExpiredArchivesJob(usecases);
  await infra.jobs.register([exportArchiveJob, deleteExpiredArchivesJob]);
  await infra.jobs.schedule(deleteExpiredArchivesJob, DELETE_EXPIRED_ARCHIVES_CRON, {});
  return usecases;
}
