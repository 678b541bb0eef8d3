import type { ChildrenUsecases } from "../children/children.usecases";
import type { MemoriesUsecases } from "../memories/memories.usecases";
import type { ObjectStorage } from "../storage/storage";
import type { ChildPageSource, FamilyMemory } from "./guardians.links";

const EXTENSION: Record<string, string> = { videos: "mp4", audio: "audio", images: "image" };

/** A download name from the title and the stored key's extension ('Bedtime.webm'). */
function downloadName(title: string, key: string, bucket: string) {
  const ext = key.includes(".") ? key.slice(key.lastIndexOf(".") + 1) : EXTENSION[bucket];
  return `${title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "memory"}.${ext}`;
}

/**
 * The child's page read through the memories and children usecases (never their tables):
 * `listForChild` with only what has opened for the child, and its stored files for play and download.
 */
export function createChildPageSource(options: { children: ChildrenUsecases; memories: MemoriesUsecases; storage: ObjectStorage }): ChildPageSource {
  const { storage } = options;
  const source: ChildPageSource = {
    async child(input) {
      const child = (await options.children.list({ userId: input.userId })).find((c) => c.id === input.childId);
      return child ? { id: child.id, name: child.name, photoUrl: child.photoUrl } : undefined;
    },
    async unlockedMemories(input) {
      const items = await options.memories.listForChild({ userId: input.userId, childId: input.childId, unlockedOnly: true });
      const found: FamilyMemory[] = [];
      for (const item of items) {
        const { type, age, date, milestone } = item.unlock;
        const base = { id: item.id, title: item.title, notes: item.notes, createdAt: item.createdAt, unlock: { type, age, date, milestone } };
        if (item.kind === "video") {
          if (item.processing.status === "failed") continue;
          // The stored files of a video are its MP4, then its thumbnail.
          const file = item.processing.status === "completed" ? item.files[0] : undefined;
          const videoUrl = file ? await storage.signedUrl(file) : null;
          const downloads = file ? [{ label: "Download the video", url: await storage.signedUrl({ ...file, downloadAs: downloadName(item.title, file.key, file.bucket) }) }] : [];
          found.push({ ...base, kind: "video", videoUrl, thumbnailUrl: item.thumbnailUrl, downloads });
        } else {
          const downloads = [];
          for (const file of item.files) {
            const label = file.bucket === "images" ? "Download the photo" : "Download the voice";
            downloads.push({ label, url: await storage.signedUrl({ ...file, downloadAs: downloadName(item.title, file.key, file.bucket) }) });
          }
          found.push({ ...base, kind: item.kind, audioUrl: item.audioUrl, imageUrl: item.imageUrl, downloads });
        }
      }
      return found;
    },
    memory: async (input) => (await source.unlockedMemories(input)).find((memory) => memory.id === input.memoryId),
  };
  return source;
}
