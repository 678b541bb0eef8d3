import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { memories } from "../memories/memories.table";
import { videoComments } from "./comments.table";

export type CommentRow = typeof videoComments.$inferSelect;

/** Every query goes through the video's owner: another user's video or comment is simply not found. */
export function createCommentsRepository(db: Database) {
  const ownedComment = (input: { userId: string; videoId: string; commentId: string }) =>
    and(eq(videoComments.id, input.commentId), eq(videoComments.videoId, input.videoId), eq(memories.userId, input.userId), eq(memories.kind, "video"));

  return {
    videoIsOwned: async (input: { userId: string; videoId: string }) =>
      (await db.select({ id: memories.id }).from(memories).where(and(eq(memories.id, input.videoId), eq(memories.userId, input.userId), eq(memories.kind, "video")))).length === 1,
    listForVideo: (videoId: string) => db.select().from(videoComments).where(eq(videoComments.videoId, videoId)).orderBy(asc(videoComments.createdAt)),
    findOwned: async (input: { userId: string; videoId: string; commentId: string }) =>
      (await db.select({ comment: videoComments }).from(videoComments).innerJoin(memories, eq(memories.id, videoComments.videoId)).where(ownedComment(input)))[0]?.comment,
    insert: async (input: { videoId: string; parentId: string | null; author: string; authorId: string; content: string; timeSeconds: number }) =>
      (await db.insert(videoComments).values(input).returning())[0] as CommentRow,
    updateContent: async (input: { commentId: string; content: string }) =>
      (await db.update(videoComments).set({ content: input.content, updatedAt: new Date() }).where(eq(videoComments.id, input.commentId)).returning())[0] as CommentRow,
    delete: (commentId: string) => db.delete(videoComments).where(eq(videoComments.id, commentId)),
  };
}

export type CommentsRepository = ReturnType<typeof createCommentsRepository>;
