import type { ChildrenUsecases } from "../children/children.usecases";
import type { MemoriesUsecases } from "../memories/memories.usecases";
import type { VideosUsecases } from "../videos/videos.usecases";
import type { ChildPageSource, FamilyMemory } from "./guardians.links";

const PAGE = 100;

/**
 * The child's page read through the memories, videos and children usecases (no SQL over their
 * tables). The memories model of issue 14 replaces the video lookup with its `filesOfMemory`.
 */
export function createChildPageSource(options: { children: ChildrenUsecases; memories: MemoriesUsecases; videos: VideosUsecases }): ChildPageSource {
  const source: ChildPageSource = {
    memory: async (input) => (await source.unlockedMemories(input)).find((memory) => memory.id === input.memoryId),
    async child(input) {
      const all = await options.children.list({ userId: input.userId });
      const child = all.find((c) => c.id === input.childId);
      return child ? { id: child.id, name: child.name, photoUrl: child.photoUrl } : undefined;
    },
    async unlockedMemories(input) {
      const found: FamilyMemory[] = [];
      let cursor: string | undefined;
      do {
        const page = await options.memories.list({ userId: input.userId, kind: "all", childId: input.childId, limit: PAGE, cursor });
        for (const item of page.items) {
          if (!item.unlock.unlocked || !item.children.some((child) => child.id === input.childId)) continue;
          const { type, age, date, milestone } = item.unlock;
          const base = { id: item.id, title: item.title, notes: item.notes, createdAt: item.createdAt, unlock: { type, age, date, milestone } };
          if (item.kind === "video") {
            if (item.processing.status === "failed") continue;
            const ready = item.processing.status === "completed";
            // Only the owner's id is read: the link is signed for the family, not for a session.
            const videoUrl = ready ? (await options.videos.playbackLink({ id: input.userId, email: "", emailVerified: true }, item.id)).url : null;
            found.push({ ...base, kind: "video", videoUrl, thumbnailUrl: item.thumbnailUrl });
          } else found.push({ ...base, kind: item.kind, audioUrl: item.audioUrl, imageUrl: item.imageUrl });
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return found;
    },
  };
  return source;
}
