import type { ArchiveMemory } from "../../../shared/export";
import { unlockStatus } from "../../../shared/unlock-rules";
import type { ChildrenRepository } from "../children/children.repository";
import type { CommentsRepository } from "../comments/comments.repository";
import { nestComments } from "../comments/comments.usecases";
import type { MemoriesRepository, MemoryRow } from "../memories/memories.repository";
import type { StorageBucket } from "../storage/storage";
import type { VideosRepository } from "../videos/videos.repository";

/** A stored file a memory or a child has, and what it is for. */
export type ExportFileRef = { bucket: StorageBucket; key: string; role: ArchiveMemory["files"][number]["role"] };

export type ExportChild = { id: string; name: string; birthdate: string; photo: ExportFileRef | null };

/** A memory as the archive needs it: its fields, unlock state, stored files and comments. */
export type ExportMemory = Omit<ArchiveMemory, "files"> & { files: ExportFileRef[] };

/**
 * Everything the export module reads about an account, through one narrow interface. Implemented
 * for now over the memories, videos, children and comments modules' repositories; the memory model
 * of issue 14 (`listForChild`, `filesOfMemory`, stored unlock state) can implement it later.
 */
export type ExportSource = {
  /** The account's children, oldest first. */
  listChildren: (userId: string) => Promise<ExportChild[]>;
  /** Every memory of the account, newest first, with whether it has opened. */
  listMemories: (userId: string) => Promise<ExportMemory[]>;
};

const PAGE = 500;

export function createExportSource(options: {
  memories: MemoriesRepository;
  videos: VideosRepository;
  children: ChildrenRepository;
  comments: CommentsRepository;
  clock?: () => Date;
}): ExportSource {
  const clock = options.clock ?? (() => new Date());

  /** Narrations and notes (with their unlock columns and children) from the memories list, page by page. */
  async function narrationRows(userId: string) {
    const rows: MemoryRow[] = [];
    let cursor: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const page = await options.memories.listPage({ userId, kind: null, childId: null, cursor, limit: PAGE });
      rows.push(...page.rows);
      const last = page.rows.at(-1);
      if (page.rows.length < PAGE || !last) return { rows: rows.filter((row) => row.source === "narration"), account: page.account };
      cursor = { createdAt: new Date(last.createdAt), id: last.id };
    }
  }

  return {
    async listChildren(userId) {
      const rows = await options.children.listForUser(userId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        birthdate: row.birthdate,
        photo: row.imagePath ? { bucket: "child-images" as const, key: row.imagePath, role: "child-photo" as const } : null,
      }));
    },

    async listMemories(userId) {
      const [{ rows, account }, videoRows] = await Promise.all([narrationRows(userId), options.videos.listOwned(userId)]);
      const now = clock();
      const birthdates = new Map(account.children.map((child) => [child.id, child]));
      const unlockOf = (rule: Parameters<typeof unlockStatus>[0]["rule"], childIds: string[]): ExportMemory["unlock"] => {
        const status = unlockStatus({ rule, children: childIds.flatMap((id) => birthdates.get(id) ?? []), now, timeZone: account.timeZone });
        return {
          type: rule.unlockType ?? "now",
          age: rule.unlockAge,
          date: rule.unlockDate,
          milestone: rule.unlockMilestone,
          opened: status.unlocked,
          opensAt: status.unlocksAt?.toISOString() ?? null,
          label: status.label,
        };
      };

      const narrations = rows.map((row): ExportMemory => {
        const files: ExportFileRef[] = [];
        if (row.imagePath) files.push({ bucket: "images", key: row.imagePath, role: "photo" });
        if (row.audioPath) files.push({ bucket: "audio", key: row.audioPath, role: "voice" });
        return {
          id: row.id,
          kind: row.imagePath ? "narration" : "note",
          title: row.title,
          notes: row.notes,
          createdAt: row.createdAt,
          durationSeconds: row.durationSeconds,
          childIds: row.childIds,
          unlock: unlockOf(row, row.childIds),
          files,
          comments: [],
        };
      });

      const videos: ExportMemory[] = [];
      for (const row of videoRows) {
        const files: ExportFileRef[] = [];
        if (row.filePath) files.push({ bucket: "videos", key: row.filePath, role: "video" });
        if (row.thumbnailPath) files.push({ bucket: "videos", key: row.thumbnailPath, role: "thumbnail" });
        const childIds = row.children.map((child) => child.id);
        const comments = nestComments(await options.comments.listForVideo(row.id)).map((comment) => ({
          id: comment.id,
          author: comment.author,
          content: comment.content,
          timeSeconds: comment.timeSeconds,
          createdAt: comment.createdAt,
          replies: comment.replies.map((reply) => ({ id: reply.id, author: reply.author, content: reply.content, timeSeconds: reply.timeSeconds, createdAt: reply.createdAt })),
        }));
        videos.push({
          id: row.id,
          kind: "video",
          title: row.title,
          notes: row.notes,
          createdAt: row.createdAt.toISOString(),
          durationSeconds: row.durationSeconds,
          childIds,
          unlock: unlockOf(row, childIds),
          files,
          comments,
        });
      }
      return [...narrations, ...videos].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    },
  };
}
