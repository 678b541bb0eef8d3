import { THUMBNAIL_COUNT, THUMBNAIL_QUALITY, THUMBNAIL_WIDTH } from "../../../../shared/videos";

export const THUMBNAIL_ERRORS = {
  timeout: "Thumbnail generation timeout",
  duration: "Video duration unavailable",
  dimensions: "Invalid video dimensions",
  blob: "Failed to create thumbnail blob",
} as const;

export type ThumbnailCandidate = { timeSeconds: number; url: string; blob: Blob };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function once(target: HTMLVideoElement, event: string) {
  return new Promise<void>((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener("error", () => reject(new Error(THUMBNAIL_ERRORS.duration)), { once: true });
  });
}

const knownDuration = (video: HTMLVideoElement) => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null);

/** The duration once the element knows it, or null when it still does not after `waitMs` (or cannot read the file). */
function durationWithin(video: HTMLVideoElement, waitMs: number) {
  return new Promise<number | null>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      video.removeEventListener("durationchange", check);
      video.removeEventListener("error", settle);
      resolve(knownDuration(video));
    };
    const check = () => {
      if (knownDuration(video) !== null) settle();
    };
    const timer = setTimeout(settle, waitMs);
    video.addEventListener("durationchange", check);
    video.addEventListener("error", settle);
    check();
  });
}

/**
 * MediaRecorder WebM has no duration in its header: the browser learns it by seeking to the end once,
 * which reads the whole file (about 3 s for a 50 MB recording here). Thumbnails wait 500 ms and retry
 * once (spec 001 §4); a picked file may take `waitMs`.
 */
async function readDuration(video: HTMLVideoElement, waitMs = 500) {
  if (knownDuration(video) !== null) return knownDuration(video) as number;
  video.currentTime = Number.MAX_SAFE_INTEGER;
  const duration = (await durationWithin(video, waitMs)) ?? (await pause(500), knownDuration(video));
  if (duration === null) throw new Error(THUMBNAIL_ERRORS.duration);
  return duration;
}

/**
 * Four frames of a local video, 320 px wide, JPEG 0.8, at evenly spread times with 100 ms pauses,
 * within 30 s (spec 001 §4 Thumbnails). Throws one of the spec's four messages.
 */
export async function generateThumbnails(blob: Blob): Promise<ThumbnailCandidate[]> {
  const source = URL.createObjectURL(blob);
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  video.src = source;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(THUMBNAIL_ERRORS.timeout)), 30_000);
  });
  const work = async () => {
    await once(video, "loadedmetadata");
    const duration = await readDuration(video);
    if (!video.videoWidth || !video.videoHeight) throw new Error(THUMBNAIL_ERRORS.dimensions);
    const canvas = document.createElement("canvas");
    canvas.width = THUMBNAIL_WIDTH;
    canvas.height = Math.round((THUMBNAIL_WIDTH * video.videoHeight) / video.videoWidth);
    const context = canvas.getContext("2d");
    const frames: ThumbnailCandidate[] = [];
    for (let index = 0; index < THUMBNAIL_COUNT; index += 1) {
      const time = Math.min(duration - 0.05, (duration * (index + 0.5)) / THUMBNAIL_COUNT);
      if (!Number.isFinite(time)) throw new Error(THUMBNAIL_ERRORS.duration);
      video.currentTime = Math.max(0, time);
      await once(video, "seeked");
      context?.drawImage(video, 0, 0, canvas.width, canvas.height);
      const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", THUMBNAIL_QUALITY));
      if (!jpeg) throw new Error(THUMBNAIL_ERRORS.blob);
      frames.push({ timeSeconds: Math.round(time * 10) / 10, url: URL.createObjectURL(jpeg), blob: jpeg });
      await pause(100);
    }
    return frames;
  };
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
    URL.revokeObjectURL(source);
  }
}

/** How long a picked file's length may take to read: seeking to the end of a long desktop recording reads it all. */
const FILE_DURATION_WAIT_MS = 15_000;

/** The duration of a chosen file as the browser reads it, or null when it cannot tell (the server then measures it). */
export async function readFileDuration(file: Blob) {
  const video = document.createElement("video");
  const url = URL.createObjectURL(file);
  video.preload = "metadata";
  video.src = url;
  try {
    await Promise.race([once(video, "loadedmetadata"), pause(5000)]);
    return await readDuration(video, FILE_DURATION_WAIT_MS).catch(() => null);
  } catch {
    return null;
  } finally {
    // Stops a seek still reading the file when the wait ran out.
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

/**
 * Whether a file starts like a video container (MP4/MOV/3GP, WebM/MKV, AVI, Ogg, MPEG). Used when the
 * browser cannot read a file's duration: a codec it cannot play (HEVC) still passes, a renamed text
 * file does not ('Invalid video. Please select a video file.'). The server checks every file again.
 */
export async function looksLikeVideo(file: Blob) {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  const text = (from: number, to: number) => String.fromCharCode(...head.slice(from, to));
  return (
    text(4, 8) === "ftyp" ||
    (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) ||
    (text(0, 4) === "RIFF" && text(8, 12) === "AVI ") ||
    text(0, 4) === "OggS" ||
    (head[0] === 0 && head[1] === 0 && head[2] === 1 && (head[3] === 0xba || head[3] === 0xb3)) ||
    head[0] === 0x47
  );
}
