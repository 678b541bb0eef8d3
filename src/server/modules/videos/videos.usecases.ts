import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { z } from "zod";
import { type createVideoSchema, estimateReadySeconds, MAX_PROCESSED_VIDEO_SECONDS, THUMBNAIL_COUNT, type VideoItem, type VideoPlayback } from "../../../shared/videos";
import { joinNames } from "../../../shared/join-names";
import type { SessionUser } from "../auth/auth.middleware";
import type { EventBus } from "../../events/events";
import type { DbOrTransaction } from "../../db/transaction";
import type { ObjectStorage } from "../storage/storage";
import { sha256Of, sha256OfFile } from "../storage/storage.checksum";
import { detectFileType, videoContainerOf } from "../storage/storage.file-type";
import type { ServableFile } from "../../http/serve-file";
import { UPLOAD_MESSAGES, type UploadsUsecases } from "../uploads/uploads.usecases";
import { videoErrors } from "./videos.errors";
import { containerOf, extractFrame, probe, REJECTION_MESSAGES, toFastStartMp4, VideoRejected, type VideoTools } from "./videos.ffmpeg";
import type { VideoRow, VideosRepository } from "./videos.repository";

type VideoWithChildren = VideoRow & { children: VideoItem["children"] };

/** What 'video.ready' and 'video.failed' say about the video: the bell names every child it is for ("Maya and Leo"), and links the first. */
function aboutVideo(video: VideoWithChildren) {
  return { userId: video.userId, videoId: video.id, title: video.title, childId: video.children[0]?.id ?? null, childName: joinNames(video.children.map((child) => child.name)) };
}

export function createVideosUsecases(options: {
  videos: VideosRepository;
  uploads: UploadsUsecases;
  storage: ObjectStorage;
  /** 'video.ready' and 'video.failed' go out here (the bell and the unlock instants subscribe). */
  events: EventBus;
  /** Stores the new video's unlock instants inside its insert transaction (the memories module's recompute). */
  storeUnlockInstants: (tx: DbOrTransaction, input: { userId: string; videoId: string }) => Promise<void>;
  /** Found while the app starts (see findVideoTools). */
  tools: Promise<VideoTools | null>;
  enqueueProcessing: (videoId: string) => Promise<void>;
}) {
  const { videos, storage } = options;

  async function toItem(row: VideoWithChildren): Promise<VideoItem> {
    return {
      id: row.id,
      title: row.title,
      notes: row.notes,
      durationSeconds: row.durationSeconds,
      thumbnailUrl: row.thumbnailPath ? await storage.signedUrl({ bucket: "videos", key: row.thumbnailPath }) : null,
      unlockType: row.unlockType,
      unlockAge: row.unlockAge,
      unlockDate: row.unlockDate,
      unlockMilestone: row.unlockMilestone,
      releaseEarly: row.releaseEarly,
      processingStatus: row.processingStatus,
      processingProgress: row.processingProgress,
      processingError: row.processingError,
      children: row.children,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function owned(user: SessionUser, id: string) {
    const row = await videos.findOwned({ id, userId: user.id });
    if (!row) throw videoErrors.notFound();
    return row;
  }

  async function fail(video: VideoWithChildren, error: string) {
    if (!(await videos.markFailed({ id: video.id, error }))) return;
    await options.events.emit("video.failed", { ...aboutVideo(video), error });
  }

  /**
   * The processing job: probe, refuse what is not a video of at most 121 s, make a fast-start
   * H.264/AAC MP4 (remux when possible), store it, record the duration, drop the upload, notify.
   * A rejected file marks the video failed; other errors are thrown so the queue retries.
   */
  async function processNow(videoId: string) {
    const video = await videos.findForProcessing(videoId);
    if (!video || video.processingStatus !== "processing") return;
    const tools = await options.tools;
    if (!tools) throw videoErrors.processingUnavailable();
    const upload = await options.uploads.localCopy(video.uploadId);
    if (!upload) return fail(video, "The uploaded file is missing. Please upload the video again.");
    const source = upload.path;
    let workDir: string | undefined;
    try {
      workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "heydad-video-"));
      const target = path.join(workDir, "video.mp4");
      // Only real video containers reach ffprobe (a text playlist would make it read other files).
      const container = await containerOf(source);
      const probed = await probe(tools, source, container);
      if (!probed.video) throw new VideoRejected(REJECTION_MESSAGES.notVideo);
      if (probed.durationSeconds !== null && probed.durationSeconds > MAX_PROCESSED_VIDEO_SECONDS) throw new VideoRejected(REJECTION_MESSAGES.tooLong);
      await toFastStartMp4(tools, { source, container, target, probed });
      const result = await probe(tools, target, "mov");
      if (!result.video || result.durationSeconds === null) throw new VideoRejected(REJECTION_MESSAGES.notVideo);
      if (result.durationSeconds > MAX_PROCESSED_VIDEO_SECONDS) throw new VideoRejected(REJECTION_MESSAGES.tooLong);
      const key = `${video.userId}/${video.id}.mp4`;
      const sizeBytes = (await fs.promises.stat(target)).size;
      await storage.put({ bucket: "videos", key, body: fs.createReadStream(target), contentType: "video/mp4" });
      const file = { key, sizeBytes, contentType: "video/mp4", sha256: await sha256OfFile(target) };
      const completed = await videos.markCompleted({ id: video.id, file, durationSeconds: Math.round(result.durationSeconds * 10) / 10 });
      await options.uploads.deleteFiles(video.uploadId);
      if (completed) await options.events.emit("video.ready", aboutVideo(video));
    } catch (error) {
      if (!(error instanceof VideoRejected)) throw error;
      await options.uploads.deleteFiles(video.uploadId);
      await fail(video, error.message);
    } finally {
      if (workDir) await fs.promises.rm(workDir, { recursive: true, force: true });
      await upload.release();
    }
  }

  return {
    /**
     * The upload is finished: the video row and its children in one transaction (refused over the
     * quota, counted now: a recording uploaded while it was made was not counted before), then the processing job.
     */
    async create(user: SessionUser, input: z.output<typeof createVideoSchema>) {
      const saved = await videos.findByUpload({ uploadId: input.uploadId, userId: user.id });
      if (saved) return this.get(user, saved.id);
      const upload = await options.uploads.findCompleted({ id: input.uploadId, userId: user.id });
      if (!upload) throw videoErrors.uploadNotFound();
      const childIds = [...new Set(input.childIds)];
      if ((await videos.countOwnedChildren({ userId: user.id, childIds })) !== childIds.length) throw videoErrors.childNotFound();
      const video = { uploadId: input.uploadId, title: input.title, notes: input.notes, unlockType: input.unlockType, unlockAge: input.unlockAge, unlockDate: input.unlockDate, unlockMilestone: input.unlockMilestone, releaseEarly: input.releaseEarly };
      const outcome = await videos.createFromUpload({ video: { ...video, userId: user.id, sizeBytes: upload.sizeBytes }, childIds, quotaBytes: options.uploads.quotaBytes }, (tx, videoId) =>
        options.storeUnlockInstants(tx, { userId: user.id, videoId }),
      );
      if ("overQuota" in outcome) throw videoErrors.overQuota(UPLOAD_MESSAGES.overQuota(options.uploads.quotaBytes));
      const { video: row, created } = outcome;
      if (created) await options.enqueueProcessing(row.id);
      return toItem((await videos.findOwned({ id: row.id, userId: user.id })) as VideoWithChildren);
    },

    async list(user: SessionUser) {
      return Promise.all((await videos.listOwned(user.id)).map(toItem));
    },

    async get(user: SessionUser, id: string) {
      return toItem(await owned(user, id));
    },

    async updateNotes(user: SessionUser, input: { id: string; notes: string }) {
      const [updated] = await videos.updateNotes({ ...input, userId: user.id });
      if (!updated) throw videoErrors.notFound();
      return this.get(user, input.id);
    },

    /** Deletes the row (children and comments cascade), then its files (captions too); a missing file is not an error. */
    async remove(user: SessionUser, id: string) {
      const row = await owned(user, id);
      for (const file of await videos.delete({ id, userId: user.id })) await storage.delete(file);
      await options.uploads.deleteFiles(row.uploadId);
    },

    /**
     * What Dad's player plays: a signed link (3600 s, Range supported) to the processed MP4; while it is being made, his
     * original through this route's owner-checked /original, with when the MP4 should be there.
     */
    async playbackLink(user: SessionUser, id: string): Promise<VideoPlayback> {
      const row = await owned(user, id);
      if (row.processingStatus === "completed" && row.filePath) {
        return { source: "processed", url: await storage.signedUrl({ bucket: "videos", key: row.filePath }), contentType: "video/mp4", expiresInSeconds: 3600, readyInSeconds: null };
      }
      const original = row.processingStatus === "processing" ? await originalOf(options.uploads, row) : null;
      if (!original) throw videoErrors.notReady();
      return { source: "original", url: `/api/videos/${row.id}/original`, contentType: original.contentType, expiresInSeconds: 3600, readyInSeconds: estimateReadySeconds(row.durationSeconds) };
    },

    /** The owner's original upload while the video is processing (gone once it is processed: 404, the player asks again). */
    async original(user: SessionUser, id: string) {
      const row = await owned(user, id);
      const original = row.processingStatus === "processing" ? await originalOf(options.uploads, row) : null;
      if (!original) throw videoErrors.notFound();
      return original;
    },

    /** Stores the chosen frame (JPEG or PNG from the bytes) as the video's thumbnail. */
    async setThumbnail(user: SessionUser, input: { id: string; bytes: Uint8Array }) {
      const row = await owned(user, input.id);
      const type = await detectFileType(input.bytes);
      if (!type || (type.mime !== "image/jpeg" && type.mime !== "image/png")) throw videoErrors.invalidThumbnail();
      const key = `${user.id}/${row.id}-thumbnail.${type.ext}`;
      await storage.put({ bucket: "videos", key, body: Buffer.from(input.bytes), contentType: type.mime });
      if (row.thumbnailPath && row.thumbnailPath !== key) await storage.delete({ bucket: "videos", key: row.thumbnailPath });
      await videos.setThumbnail({ id: row.id, userId: user.id, thumbnail: { key, sizeBytes: input.bytes.length, contentType: type.mime, sha256: sha256Of(input.bytes) } });
      return this.get(user, row.id);
    },

    /** Frames made by ffmpeg, for files the browser cannot decode (HEVC): 4 JPEGs as data URLs. */
    async thumbnailCandidates(user: SessionUser, id: string) {
      const row = await owned(user, id);
      const tools = await options.tools;
      if (!tools) throw videoErrors.processingUnavailable();
      const { source, cleanup } = await localCopyOf(row, storage, options.uploads);
      try {
        const container = await containerOf(source);
        const duration = row.durationSeconds ?? (await probe(tools, source, container)).durationSeconds ?? 1;
        const times = Array.from({ length: THUMBNAIL_COUNT }, (_, index) => (duration * (index + 0.5)) / THUMBNAIL_COUNT);
        const frames = [];
        for (const time of times) {
          const jpeg = await extractFrame(tools, { source, container, atSeconds: time });
          if (jpeg.length > 0) frames.push({ timeSeconds: Number(time.toFixed(2)), dataUrl: `data:image/jpeg;base64,${jpeg.toString("base64")}` });
        }
        return frames;
      } finally {
        await cleanup();
      }
    },

    /**
     * The processing job, holding the video's processing lock: a second job for the same video (a retry after this
     * node's lease lapsed, a repeated send) waits for the first to end, then finds the video done and returns.
     */
    process: (videoId: string) => videos.holdingProcessingLock(videoId, () => processNow(videoId)),
  };
}

export type VideosUsecases = ReturnType<typeof createVideosUsecases>;

/**
 * The type a browser is told the original has, from its first bytes: WebM (the recorder's) or another Matroska, MP4 or a
 * QuickTime MOV (a phone's), so the player can ask `canPlayType` before it tries.
 */
function originalContentType(head: Buffer) {
  const container = videoContainerOf(head);
  if (container === "matroska") return head.includes("webm") ? "video/webm" : "video/x-matroska";
  if (container === "mov") return head.subarray(8, 12).toString("latin1") === "qt  " ? "video/quicktime" : "video/mp4";
  return null;
}

/** The video's original upload, to serve by range, while its bytes are still there; null otherwise or when it is no video. */
async function originalOf(uploads: UploadsUsecases, row: VideoRow): Promise<ServableFile | null> {
  const file = await uploads.open(row.uploadId);
  if (!file || file.size === 0) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await file.read({ start: 0, end: Math.min(511, file.size - 1) })) chunks.push(chunk as Buffer);
  const contentType = originalContentType(Buffer.concat(chunks));
  return contentType ? { size: file.size, contentType, read: file.read } : null;
}

/** A file on disk to read frames from: the upload while it is there, else the stored MP4. */
async function localCopyOf(row: VideoRow, storage: ObjectStorage, uploads: UploadsUsecases) {
  const uploaded = await uploads.localCopy(row.uploadId);
  if (uploaded) return { source: uploaded.path, cleanup: uploaded.release };
  const stored = row.filePath ? await storage.get({ bucket: "videos", key: row.filePath }) : null;
  if (!stored) throw videoErrors.notReady();
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "heydad-frames-"));
  const source = path.join(dir, "video.mp4");
  await new Promise<void>((resolve, reject) => stored.body.pipe(fs.createWriteStream(source)).on("finish", resolve).on("error", reject));
  return { source, cleanup: () => fs.promises.rm(dir, { recursive: true, force: true }) };
}
