import { z } from "zod";
import { STORAGE_BUCKETS } from "./storage";
import type { ObjectStorage } from "./storage";
import type { JobDefinition } from "../../jobs/job-queue";

export const deleteStoredFilesPayload = z.object({
  objects: z.array(z.object({ bucket: z.enum(STORAGE_BUCKETS), key: z.string().min(1) })).min(1),
});

/**
 * Deletes files after their rows are gone (the rows' transaction committed first), retried with
 * back-off when the storage is briefly unreachable. A file already gone counts as deleted.
 */
export function createDeleteStoredFilesJob(storage: ObjectStorage): JobDefinition<typeof deleteStoredFilesPayload> {
  return {
    name: "delete-stored-files",
    schema: deleteStoredFilesPayload,
    retryLimit: 8,
    handle: async ({ objects }) => {
      for (const object of objects) await storage.delete(object);
    },
  };
}
