import { text } from "node:stream/consumers";
import type { ChildrenUsecases } from "../children/children.usecases";
import type { MemoriesUsecases } from "../memories/memories.usecases";
import { type DeliveredFile, shownFieldsOf } from "../../../shared/memories";
import { type Caption, captionsOfWebVtt } from "../../../shared/transcripts";
import type { ObjectRef, ObjectStorage } from "../storage/storage";
import type { ChildPageSource, FamilyMemory } from "./guardians.types";

const EXTENSION: Record<string, string> = { videos: "mp4", audio: "audio", images: "image" };

/** A download name from the title and the stored key's extension ('Bedtime.webm'). */
function downloadName(title: string, key: string, bucket: string) {
  const ext = key.includes(".") ? key.slice(key.lastIndexOf(".") + 1) : EXTENSION[bucket];
  return `${title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "memory"}.${ext}`;
}

/**
 * How long a file link on the child's page works: a link copied from the page stops working this soon after
 * Dad withdraws the page's link (or the guardian), instead of the hour other signed links last.
 */
export const FAMILY_FILE_LINK_SECONDS = 15 * 60;

/**
 * The child's page read through the memories and children usecases (never their tables):
 * `listForChild` with only what has opened for the child, and its stored files for play and download (a video's
 * captions as its track, a voice's words read from its captions), every link signed for FAMILY_FILE_LINK_SECONDS.
 */
export function createChildPageSource(options: { children: ChildrenUsecases; memories: MemoriesUsecases; storage: ObjectStorage }): ChildPageSource {
  const { storage } = options;
  const link = (file: ObjectRef, downloadAs?: string) => storage.signedUrl({ bucket: file.bucket, key: file.key, downloadAs, ttlSeconds: FAMILY_FILE_LINK_SECONDS });
  const linkOf = async (file: ObjectRef | undefined) => (file ? link(file) : null);
  /** A voice's words, read from its captions file (what the video's track plays is what the page shows). */
  const captionsIn = async (file: ObjectRef | null): Promise<Caption[]> => {
    const stored = file ? await storage.get(file) : null;
    if (!stored) return [];
    return captionsOfWebVtt(await text(stored.body));
  };
  return {
    async child(input) {
      const child = (await options.children.listWithPhotoFiles({ userId: input.userId })).find((c) => c.id === input.childId);
      return child ? { id: child.id, name: child.name, photoUrl: await linkOf(child.photo ?? undefined) } : undefined;
    },
    unlockedMemories: (input) => familyMemoriesOf(input),
    memory: async (input) => (await familyMemoriesOf(input))[0],
  };

  /** The child's opened memories (only `memoryId`, when given) as the page and its emails show them. */
  async function familyMemoriesOf(input: { userId: string; childId: string; memoryId?: string }) {
    const items = await options.memories.listForChild({ ...input, unlockedOnly: true });
    const found: FamilyMemory[] = [];
    for (const item of items) {
      const { type, age, date, milestone } = item.unlock;
      const openedAt = item.unlock.unlocksAt && item.unlock.unlocksAt > item.createdAt ? item.unlock.unlocksAt : item.createdAt;
      const base = { ...shownFieldsOf(item), openedAt, unlock: { type, age, date, milestone } };
      const fileFor = (role: DeliveredFile["role"]) => item.files.find((file) => file.role === role);
      if (item.kind === "video") {
        if (item.processing.status === "failed") continue;
        const file = item.processing.status === "completed" ? fileFor("video") : undefined;
        const downloads = file ? [{ label: "Save the video", url: await link(file, downloadName(item.title, file.key, file.bucket)) }] : [];
        const captionsUrl = file ? await linkOf(item.captions ?? undefined) : null;
        found.push({ ...base, kind: "video", videoUrl: await linkOf(file), thumbnailUrl: await linkOf(fileFor("thumbnail")), captionsUrl, downloads });
      } else {
        const downloads = [];
        for (const file of item.files) {
          const label = file.bucket === "images" ? "Save the photo" : "Save the voice";
          downloads.push({ label, url: await link(file, downloadName(item.title, file.key, file.bucket)) });
        }
        const voice = fileFor("voice");
        const transcript = voice ? await captionsIn(item.captions) : [];
        found.push({ ...base, kind: item.kind, audioUrl: await linkOf(voice), imageUrl: await linkOf(fileFor("photo")), transcript, downloads });
      }
    }
    return found;
  }
}
