import { execFile } from "node:child_process";
import fs from "node:fs";
import { promisify } from "node:util";
import { MAX_PROCESSED_VIDEO_SECONDS, THUMBNAIL_WIDTH } from "../../../shared/videos";
import { singleInput, type VideoContainer, videoContainerOf } from "../storage/storage.file-type";

const run = promisify(execFile);

/** Thrown when the file itself is the problem (no retry helps); the message is shown to Dad. */
export class VideoRejected extends Error {}

export const REJECTION_MESSAGES = {
  notVideo: "This file is not a video we can read. Please upload a video file.",
  tooLong: "This video is longer than 2 minutes. Please trim it and upload it again.",
};

/** `threads`: how many threads a transcode may use (VIDEO_FFMPEG_THREADS; unset or 0, ffmpeg chooses: every core). */
export type VideoTools = { ffmpeg: string; ffprobe: string; threads?: number };

/**
 * ffmpeg and ffprobe from PATH (the system's own, as the README asks to install); null when they are not installed. Both are asked at once and nothing
 * waits for the answer at start-up (it took a third of a second of every start); the first video waits for it.
 */
export async function findVideoTools(options: { threads: number }): Promise<VideoTools | null> {
  const found = (name: string) => run(name, ["-version"]).then(() => true, () => false);
  const [ffmpeg, ffprobe] = await Promise.all([found("ffmpeg"), found("ffprobe")]);
  return ffmpeg && ffprobe ? { ffmpeg: "ffmpeg", ffprobe: "ffprobe", threads: options.threads } : null;
}

type ProbeStream = { codec_type?: string; codec_name?: string; pix_fmt?: string; width?: number; height?: number };
export type Probe = { formatName: string; durationSeconds: number | null; video: ProbeStream | null; audio: ProbeStream | null };

/** The container of a file on disk from its first bytes; anything else is refused before ffmpeg sees it. */
export async function containerOf(file: string): Promise<VideoContainer> {
  const handle = await fs.promises.open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(512), position: 0 });
    const container = videoContainerOf(buffer.subarray(0, bytesRead));
    if (!container) throw new VideoRejected(REJECTION_MESSAGES.notVideo);
    return container;
  } finally {
    await handle.close();
  }
}

export async function probe(tools: VideoTools, file: string, container: VideoContainer): Promise<Probe> {
  let output: string;
  try {
    ({ stdout: output } = await run(tools.ffprobe, ["-v", "error", ...singleInput(file, container), "-show_format", "-show_streams", "-of", "json"], { maxBuffer: 16 * 1024 * 1024 }));
  } catch {
    throw new VideoRejected(REJECTION_MESSAGES.notVideo);
  }
  const parsed = JSON.parse(output) as { format?: { format_name?: string; duration?: string }; streams?: ProbeStream[] };
  const streams = parsed.streams ?? [];
  const duration = Number(parsed.format?.duration);
  return {
    formatName: parsed.format?.format_name ?? "",
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    video: streams.find((stream) => stream.codec_type === "video" && stream.codec_name !== "mjpeg" && stream.codec_name !== "png") ?? null,
    audio: streams.find((stream) => stream.codec_type === "audio") ?? null,
  };
}

/** True when the streams already play everywhere, so copying them into MP4 is enough. */
export function isCompatible(probed: Probe) {
  const container = probed.formatName.split(",").some((name) => name === "mp4" || name === "mov");
  const video = probed.video?.codec_name === "h264" && (probed.video.pix_fmt === "yuv420p" || probed.video.pix_fmt === "yuvj420p");
  const audio = !probed.audio || probed.audio.codec_name === "aac";
  return container && video && audio;
}

/**
 * A transcode keeps each frame's own time instead of filling a constant rate. MediaRecorder WebM has a
 * 1/1000 time base and irregular frames, so ffmpeg guesses up to 1000 frames a second and, writing a
 * constant rate, repeated frames to fill it (a 6 s desktop recording became 6,000 frames and took
 * twice its length to encode). Frames keep their times, rounded to the source's rate at most 60 a
 * second (a screen shows no more); two frames that round to one time keep the first.
 */
const KEEP_FRAME_TIMES = ["-fps_mode", "vfr", "-fpsmax", "60"];

/**
 * Turns an upload into an H.264/AAC MP4 with fast start: a remux when the streams are already
 * compatible, a transcode otherwise. Output is cut just past the limit, so a file whose container
 * hides its duration (MediaRecorder WebM) is still measured on the result.
 */
export async function toFastStartMp4(tools: VideoTools, input: { source: string; container: VideoContainer; target: string; probed: Probe }) {
  const remux = isCompatible(input.probed);
  const limit = ["-t", String(MAX_PROCESSED_VIDEO_SECONDS + 1)];
  const maps = ["-map", "0:v:0", "-map", "0:a:0?"];
  const codecs = remux
    ? ["-c", "copy"]
    : [...KEEP_FRAME_TIMES, "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-c:a", "aac", "-b:a", "128k"];
  // Decoding and encoding both: a worker running one transcode per core sets 1.
  const threads = tools.threads ? ["-threads", String(tools.threads)] : [];
  await run(tools.ffmpeg, ["-v", "error", "-y", ...threads, ...singleInput(input.source, input.container), ...limit, ...maps, ...codecs, ...threads, "-movflags", "+faststart", "-f", "mp4", input.target], { maxBuffer: 16 * 1024 * 1024 }).catch(() => {
    throw new VideoRejected(REJECTION_MESSAGES.notVideo);
  });
  return { remuxed: remux };
}

/** Candidate frames as JPEG (320 px wide) when the browser cannot decode the file itself. */
export async function extractFrame(tools: VideoTools, input: { source: string; container: VideoContainer; atSeconds: number }) {
  const { stdout } = await run(
    tools.ffmpeg,
    ["-v", "error", "-ss", input.atSeconds.toFixed(2), ...singleInput(input.source, input.container), "-frames:v", "1", "-vf", `scale=${THUMBNAIL_WIDTH}:-2`, "-q:v", "4", "-f", "image2", "-c:v", "mjpeg", "pipe:1"],
    { encoding: "buffer", maxBuffer: 8 * 1024 * 1024 },
  );
  return stdout;
}
