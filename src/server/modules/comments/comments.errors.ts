import { defineError } from "../../http/app-error";

export const commentErrors = {
  videoNotFound: defineError("VIDEO_NOT_FOUND", 404, "That video could not be found."),
  notFound: defineError("COMMENT_NOT_FOUND", 404, "That comment could not be found."),
  replyToReply: defineError("REPLY_TOO_DEEP", 400, "Replies are one level deep: reply to the comment instead."),
};
