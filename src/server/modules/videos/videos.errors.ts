import { defineError } from "../../http/app-error";

export const videoErrors = {
  notFound: defineError("VIDEO_NOT_FOUND", 404, "That video could not be found."),
  uploadNotFound: defineError("UPLOAD_NOT_FOUND", 404, "That upload could not be found or is not finished. Please upload the video again."),
  /** Saving a recording that was uploaded uncounted would pass the storage quota (the message names it). */
  overQuota: defineError("STORAGE_QUOTA_EXCEEDED", 413, "This video would take you past your storage quota."),
  childNotFound: defineError("CHILD_NOT_FOUND", 404, "One of the selected children could not be found."),
  notReady: defineError("VIDEO_NOT_READY", 409, "This video is still being processed. It will be ready in a moment."),
  invalidThumbnail: defineError("INVALID_THUMBNAIL", 400, "The thumbnail must be a JPEG or PNG image under 1 MB."),
  processingUnavailable: defineError("PROCESSING_UNAVAILABLE", 503, "Video tools are not installed on this server."),
};
