import type { ArchivedMemoryFields, ArchiveMemory } from "../../../shared/export";
import { shownFieldsOf } from "../../../shared/memories";
import type { ChildrenUsecases } from "../children/children.usecases";
import type { CommentsUsecases } from "../comments/comments.usecases";
import type { MemoriesUsecases } from "../memories/memories.usecases";
import type { StorageBucket } from "../storage/storage";

/** A stored file a memory or a child has, and what it is for. */
export type ExportFileRef = { bucket: StorageBucket; key: string; role: ArchiveMemory["files"][number]["role"] };

export type ExportChild = { id: string; name: string; birthdate: string; photo: ExportFileRef | null };

type OpenedFor = NonNullable<ArchiveMemory["unlock"]["openedFor"]>;

/**
 * A memory as the archive needs it: the fields it keeps as the memory holds them, its unlock state (opened for which
 * child, as recorded), its stored files, its captions file (WebVTT, once it has a transcript) and its comments.
 */
export type ExportMemory = ArchivedMemoryFields & {
  unlock: ArchiveMemory["unlock"] & { openedFor: OpenedFor };
  files: ExportFileRef[];
  captions: { bucket: StorageBucket; key: string } | null;
  comments: ArchiveMemory["comments"];
};

/**
 * Everything the export module reads about an account, through one narrow interface over the
 * memories, children and comments usecases (never their tables).
 */
export type ExportSource = {
  /** The account's children, oldest first. */
  listChildren: (userId: string) => Promise<ExportChild[]>;
  /** Every memory of the account, newest first, with the children it has opened for (recorded unlocks). */
  listMemories: (userId: string) => Promise<ExportMemory[]>;
};

export function createExportSource(options: {
  memories: Pick<MemoriesUsecases, "listForAccount">;
  children: Pick<ChildrenUsecases, "listWithPhotoFiles">;
  comments: Pick<CommentsUsecases, "listForVideo">;
}): ExportSource {
  return {
    async listChildren(userId) {
      const rows = await options.children.listWithPhotoFiles({ userId });
      return rows.map((row) => ({ ...row, photo: row.photo ? { ...row.photo, role: "child-photo" as const } : null }));
    },

    async listMemories(userId) {
      const { memories } = await options.memories.listForAccount({ userId });
      const found: ExportMemory[] = [];
      for (const memory of memories) {
        const comments = memory.kind === "video" ? await options.comments.listForVideo({ userId, videoId: memory.id }) : [];
        const { type, age, date, milestone, label, unlocksAt } = memory.unlock;
        found.push({
          ...shownFieldsOf(memory),
          kind: memory.kind,
          durationSeconds: memory.durationSeconds,
          childIds: memory.children.map((child) => child.id),
          unlock: {
            type,
            age,
            date,
            milestone,
            opened: memory.unlock.unlocked,
            openedFor: memory.openedFor,
            opensAt: memory.openedFor[0]?.at ?? unlocksAt,
            label,
          },
          files: memory.files,
          captions: memory.captions && { bucket: memory.captions.bucket, key: memory.captions.key },
          comments: comments.map((comment) => ({
            id: comment.id,
            author: comment.author,
            content: comment.content,
            timeSeconds: comment.timeSeconds,
            createdAt: comment.createdAt,
            replies: comment.replies.map((reply) => ({ id: reply.id, author: reply.author, content: reply.content, timeSeconds: reply.timeSeconds, createdAt: reply.createdAt })),
          })),
        });
      }
      return found;
    },
  };
}
