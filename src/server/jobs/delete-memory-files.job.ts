import { z } from "zod";
import type { MemoryStorage } from "../modules/memories/memories.storage";
import type { JobDefinition } from "./job-queue";

export const deleteMemoryFilesPayload = z.object({
  files: z.array(z.object({ bucket: z.enum(["audio", "images"]), key: z.string().min(1) })).min(1),
});

/** A deleted memory's audio and image, removed in the background (retried while storage is down). */
export function createDeleteMemoryFilesJob(storage: MemoryStorage): JobDefinition<typeof deleteMemoryFilesPayload> {
  return {
    name: "delete-memory-files",
    schema: deleteMemoryFilesPayload,
    handle: async ({ files }) => {
      for (const file of files) await storage.delete(file);
    },
  };
}
