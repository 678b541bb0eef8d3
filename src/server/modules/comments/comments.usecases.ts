import type { z } from "zod";
import { COMMENT_AUTHOR, type createCommentSchema, formatClock, type VideoComment } from "../../../shared/videos";
import type { SessionUser } from "../auth/auth.types";
import { commentErrors } from "./comments.errors";
import type { CommentRow, CommentsRepository } from "./comments.repository";

function toComment(row: CommentRow): VideoComment {
  return {
    id: row.id,
    parentId: row.parentId,
    author: row.author,
    authorId: row.authorId,
    content: row.content,
    timeSeconds: row.timeSeconds,
    timestamp: formatClock(row.timeSeconds),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    replies: [],
  };
}

/** Rows in, the nested list out: top-level comments in order, each with its replies. */
function nestComments(rows: CommentRow[]) {
  const topLevel = rows.filter((row) => !row.parentId).map(toComment);
  const byId = new Map(topLevel.map((comment) => [comment.id, comment]));
  for (const row of rows) if (row.parentId) byId.get(row.parentId)?.replies.push(toComment(row));
  return topLevel;
}

export function createCommentsUsecases(options: { comments: CommentsRepository }) {
  const { comments } = options;

  async function ownedVideo(userId: string, videoId: string) {
    if (!(await comments.videoIsOwned({ userId, videoId }))) throw commentErrors.videoNotFound();
  }

  async function ownedComment(user: SessionUser, input: { videoId: string; commentId: string }) {
    const comment = await comments.findOwned({ userId: user.id, ...input });
    if (!comment) throw commentErrors.notFound();
    return comment;
  }

  /** An owned video's comments, nested (404 for another user's video). */
  async function threadOf(input: { userId: string; videoId: string }) {
    await ownedVideo(input.userId, input.videoId);
    return nestComments(await comments.listForVideo(input.videoId));
  }

  return {
    list: (user: SessionUser, videoId: string) => threadOf({ userId: user.id, videoId }),
    /** The same, by the owner's id outside a request (the export packs each video's comments). */
    listForVideo: threadOf,
    async add(user: SessionUser, input: { videoId: string } & z.output<typeof createCommentSchema>) {
      await ownedVideo(user.id, input.videoId);
      if (input.parentId) {
        const parent = await ownedComment(user, { videoId: input.videoId, commentId: input.parentId });
        if (parent.parentId) throw commentErrors.replyToReply();
      }
      const row = await comments.insert({ videoId: input.videoId, parentId: input.parentId, author: COMMENT_AUTHOR, authorId: user.id, content: input.content, timeSeconds: input.timeSeconds });
      return toComment(row);
    },
    async edit(user: SessionUser, input: { videoId: string; commentId: string; content: string }) {
      await ownedComment(user, input);
      return toComment(await comments.updateContent(input));
    },
    /** Deleting a comment deletes its replies. */
    async remove(user: SessionUser, input: { videoId: string; commentId: string }) {
      await ownedComment(user, input);
      await comments.delete(input.commentId);
    },
  };
}

export type CommentsUsecases = ReturnType<typeof createCommentsUsecases>;
