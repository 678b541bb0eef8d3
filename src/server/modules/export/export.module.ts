import type { EmailOutbox } from "../email/email.types";
import type { ModuleInfrastructure } from "../module-infrastructure";
import { createExportArchiveJob, deleteExpiredArchivesJob, exportArchiveQueue } from "./export.jobs";
import { createExportRepository } from "./export.repository";
import { registerExportRoutes } from "./export.routes";
import { createExportSource } from "./export.source";
import { createExportUsecases } from "./export.usecases";

/**
 * 'Download everything', a child's keepsake archive and keepsake cards: it registers the archive job and the hourly
 * cleanup of archives past 7 days. It reads the account's memories,
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
  const usecases = createExportUsecases({
    archives: createExportRepository(infra.db),
    source: createExportSource(options.source),
    storage: infra.storage,
    outbox: options.outbox,
    appUrl: options.appUrl,
    emailOf: options.emailOf,
    enqueueBuild: (archiveId) => infra.jobs.send(exportArchiveQueue, { archiveId }),
  });
  await infra.jobs.register([createExportArchiveJob(usecases)]);
  await infra.jobs.schedule(deleteExpiredArchivesJob(usecases));
  return { usecases, routes: registerExportRoutes({ usecases }) };
}
