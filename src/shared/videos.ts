/**
 * Videos: the limits and copy of the record flow, the save schema shared by the form and the
 * server, comment schemas, and the m:ss time format.
 */
import { z } from "zod";
import { type Memory, memoryFieldsObject, withUnlockRule } from "./memories";
import { UNLOCK_COPY } from "./unlock-rules";

export const MAX_VIDEO_SECONDS = 120;
/** The server accepts a little over 2 minutes, so a recording stopped at 2:00 is never refused. */
export const MAX_PROCESSED_VIDEO_SECONDS = 121;
export const MAX_VIDEO_BYTES = 10 * 1024 ** 3;
export const UPLOAD_CHUNK_BYTES = 6 * 1024 * 1024;
export const UPLOAD_RETRY_DELAYS_MS = [0, 3000, 5000, 10_000, 20_000];
export const THUMBNAIL_COUNT = 4;
export const THUMBNAIL_WIDTH = 320;
export const THUMBNAIL_QUALITY = 0.8;
export const MAX_THUMBNAIL_BYTES = 1024 * 1024;
export const COMMENT_AUTHOR = "Dad";

export const PROCESSING_STATUSES = ["processing", "completed", "failed"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export const VIDEO_COPY = {
  selectVideoFile: "Please select a video file",
  fileTooLarge: "File size must be less than 10GB",
  tooLong: "Video duration must be less than 2 minutes",
  invalidVideo: "Invalid video. Please select a video file.",
  recordFirst: "Please record or upload a video first",
  checkingFile: "Checking your video…",
  enterTitle: "Please enter a title for your video",
  selectChild: "Please select at least one child",
  ...UNLOCK_COPY,
  cameraFailed: "Failed to access camera and microphone. Please check permissions",
  cameraNotReady: "Camera not ready. Please try again.",
  recordingFailed: "Failed to start recording. Please try again.",
  commentRequired: "Comment content is required",
  replyRequired: "Reply content is required",
  videoIdRequired: "Video ID is required",
  playbackFailed: "Error playing video. Please try again.",
  unexpected: "Unexpected error",
  processingFailed: "Processing failed",
  checkConnection: "Please check your internet connection and try again",
  bridgeSaved: "Saved to Dad Stories.",
  /** Shown in place of the player while the original plays nowhere here and the H.264 file is still being made. */
  gettingReady: (seconds: number) => `Getting it ready for every device (about ${seconds} s)`,
} as const;

/**
 * Where Dad's player plays a video from: the H.264 MP4 once it is processed; until then the original as it was
 * uploaded (his own, never a child's or guardian's), which a browser that plays its container (`contentType`: WebM in
 * Chrome and Firefox) shows at once. `readyInSeconds` estimates when the MP4 will be there (null once it is).
 */
export type VideoPlayback = { source: "original" | "processed"; url: string; contentType: string; expiresInSeconds: number; readyInSeconds: number | null };

/**
 * Seconds of processing per second of video (the most the bench's Stop -> playable row allows: 0.3 of the clip's
 * length), and a few seconds for a worker to take the job.
 */
const PROCESSING_SECONDS_PER_SECOND = 0.3;
const QUEUE_WAIT_SECONDS = 5;

/** About how long until a video of `lengthSeconds` is processed; the 2-minute limit when its length is not known yet. */
export function estimateReadySeconds(lengthSeconds: number | null) {
  return Math.ceil(QUEUE_WAIT_SECONDS + (lengthSeconds ?? MAX_VIDEO_SECONDS) * PROCESSING_SECONDS_PER_SECOND);
}

/** Step 2 'Assign Your Legacy' and POST /api/videos: the upload plus the fields every memory has. */
export const createVideoSchema = withUnlockRule(
  memoryFieldsObject({ addTitle: VIDEO_COPY.enterTitle, selectChild: VIDEO_COPY.selectChild }).extend({
    uploadId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "The upload is not valid."),
  }),
);

export type CreateVideoInput = z.input<typeof createVideoSchema>;

export const updateVideoNotesSchema = z.object({ notes: z.string().trim().max(10_000, "Keep the notes under 10,000 characters.") });

export const createCommentSchema = z
  .object({
    content: z.string().max(2000, "Keep the comment under 2,000 characters."),
    timeSeconds: z
      .number()
      .min(0)
      .max(MAX_PROCESSED_VIDEO_SECONDS * 10)
      .refine((seconds) => seconds === 0 || seconds >= 0.001, "The comment time must be 0 or at least a millisecond into the video.")
      .default(0),
    parentId: z.uuid().nullish(),
  })
  .superRefine((value, context) => {
    if (value.content.trim() === "") context.addIssue({ code: "custom", path: ["content"], message: value.parentId ? VIDEO_COPY.replyRequired : VIDEO_COPY.commentRequired });
  })
  .transform((value) => ({ ...value, content: value.content.trim(), parentId: value.parentId ?? null }));

export const updateCommentSchema = z.object({
  content: z.string().max(2000, "Keep the comment under 2,000 characters.").refine((content) => content.trim() !== "", VIDEO_COPY.commentRequired).transform((content) => content.trim()),
});

/** Seconds as m:ss ('0:00', '1:05', '2:00'). */
export function formatClock(seconds: number) {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The step-1 checks of a chosen file, in the spec's order; duration is read from the file (null when unknown). */
export function videoFileProblem(file: { type: string; size: number }, durationSeconds: number | null) {
  if (!file.type.startsWith("video/")) return VIDEO_COPY.selectVideoFile;
  if (file.size >= MAX_VIDEO_BYTES) return VIDEO_COPY.fileTooLarge;
  if (durationSeconds !== null && durationSeconds > MAX_VIDEO_SECONDS) return VIDEO_COPY.tooLong;
  return null;
}

export type VideoComment = {
  id: string;
  parentId: string | null;
  author: string;
  authorId: string;
  content: string;
  timeSeconds: number;
  timestamp: string;
  createdAt: string;
  updatedAt: string | null;
  replies: VideoComment[];
};

/**
 * A video as the video routes answer: the memory's fields with its unlock rule flat (the routes' shape since
 * before one memory type), its processing flat, its thumbnail link and its children with their birthdates.
 */
export type VideoItem = Pick<Memory, "id" | "title" | "notes" | "durationSeconds" | "releaseEarly" | "createdAt"> &
  Omit<Memory["rule"], "milestoneReachedAt"> & {
    thumbnailUrl: string | null;
    processingStatus: ProcessingStatus;
    processingProgress: number;
    processingError: string | null;
    children: Array<{ id: string; name: string; birthdate: string }>;
  };
