import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoItem, VideoPlayback } from "../../src/shared/videos";
import { containerOf, probe, toFastStartMp4 } from "../../src/server/modules/videos/videos.ffmpeg";
import { type AppProcess, callApp, signUpOn, startAppProcess, timeUntil, uploadTo } from "../support/app-process";
import { browserAvailable } from "../support/browser";
import { createTestDatabase } from "../support/test-database";
import { CROSS_NODE_JOBS_ENV } from "../support/test-timing";
import { displayedSize, generateClip, recordWithMediaRecorder, videoFrames, videoPacketsMd5 } from "../support/videos";

/**
 * The frame-timing regression cases (a desktop camera's MediaRecorder WebM at 1280x720 and at 640x480, a constant-rate
 * MP4, a phone's sideways HEVC MOV) processed by a worker process: `dist/server/main.js` with APP_ROLE=worker beside
 * an APP_ROLE=web one (which takes no video processing) on one PostgreSQL and one DATA_DIR. The worker's MP4 is the one
 * this process makes from the same file (frames, length, size as shown, codecs, fast start), and it keeps what the
 * in-process tests hold: the recording's own frame times, upright, and a compatible file only remuxed.
 */
let web: AppProcess;
let worker: AppProcess;
let pool: pg.Pool;
let dad: { cookie: string };
let childId: string;
let constantRateMp4: string;
let phoneMov: string;
const cleanups: Array<() => Promise<unknown>> = [];
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-worker-timing-"));

beforeAll(async () => {
  constantRateMp4 = generateClip("compatible-mp4", 2);
  phoneMov = generateClip("rotated-phone-mov", 2);
  const database = await createTestDatabase();
  cleanups.push(() => database.drop(), async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const env = { DATABASE_URL: database.url, DATA_DIR: path.join(workDir, "data"), AUTH_SECRET: "web-and-worker-share-this-secret-0123456789", ...CROSS_NODE_JOBS_ENV };
  [web, worker] = await Promise.all([startAppProcess({ env: { ...env, APP_ROLE: "web" } }), startAppProcess({ env: { ...env, APP_ROLE: "worker" } })]);
  cleanups.unshift(() => web.kill(), () => worker.kill());
  pool = database.pool();
  cleanups.unshift(() => pool.end());
  dad = await signUpOn(web, { pool });
  const child = await callApp(web, "/api/children", { method: "POST", cookie: dad.cookie, json: { name: "Maya", birthdate: "2016-04-02" } });
  expect(child.status).toBe(201);
  childId = ((await child.json()) as { child: { id: string } }).child.id;
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

/** Uploads and saves `source` on the web node, waits for the worker to process it, and returns the stored MP4. */
async function processedByWorker(source: string) {
  const uploadId = await uploadTo(web, dad.cookie, fs.readFileSync(source));
  const created = await callApp(web, "/api/videos", { method: "POST", cookie: dad.cookie, json: { uploadId, title: path.basename(source), notes: "", childIds: [childId], unlockType: "now" } });
  expect(created.status).toBe(201);
  const id = ((await created.json()) as VideoItem).id;
  let status = "";
  await timeUntil(async () => {
    status = ((await (await callApp(web, `/api/videos/${id}`, { cookie: dad.cookie })).json()) as VideoItem).processingStatus;
    return status !== "processing";
  }, 120_000, "the worker processing the video");
  expect(status).toBe("completed");
  const link = (await (await callApp(web, `/api/videos/${id}/playback`, { cookie: dad.cookie })).json()) as VideoPlayback;
  const file = path.join(workDir, `worker-${path.basename(source)}.mp4`);
  fs.writeFileSync(file, Buffer.from(await (await callApp(web, link.url)).arrayBuffer()));
  return file;
}

/** The same conversion in this process, as the in-process tests make it. */
async function processedHere(source: string) {
  const tools = { ffmpeg: "ffmpeg", ffprobe: "ffprobe" };
  const target = path.join(workDir, `here-${path.basename(source)}.mp4`);
  const container = await containerOf(source);
  await toFastStartMp4(tools, { source, container, target, probed: await probe(tools, source, container) });
  return target;
}

/** What a player sees of an MP4: its codecs and pixel format, frames and length, size as shown, and whether it starts at once (moov before mdat). */
function asPlayed(file: string) {
  const probed = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_streams", "-of", "json", file]).toString()) as { streams: Array<{ codec_type: string; codec_name: string; pix_fmt?: string }> };
  const bytes = fs.readFileSync(file).toString("latin1");
  const frames = videoFrames(file);
  return {
    codecs: probed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort(),
    pixelFormat: probed.streams.find((stream) => stream.codec_type === "video")?.pix_fmt,
    frames: frames.count,
    seconds: Number(frames.seconds.toFixed(1)),
    shown: displayedSize(file),
    fastStart: bytes.indexOf("moov") < bytes.indexOf("mdat"),
  };
}

/** The worker's MP4 and this process's, compared, then the worker's returned for the case's own checks. */
async function workerMatchesHere(source: string) {
  const [fromWorker, fromHere] = [await processedByWorker(source), await processedHere(source)];
  const played = asPlayed(fromWorker);
  expect(played).toEqual(asPlayed(fromHere));
  expect(played).toMatchObject({ codecs: ["audio:aac", "video:h264"], pixelFormat: "yuv420p", fastStart: true });
  return { file: fromWorker, played };
}

describe("frame timing on the worker role (real ffmpeg, separate processes)", () => {
  for (const [width, height] of [[1280, 720], [640, 480]] as const) {
    it.skipIf(!browserAvailable)(`keeps a ${width}x${height} desktop camera recording's irregular frame times and length`, { timeout: 180_000 }, async () => {
      const source = await recordWithMediaRecorder({ seconds: 4, gapMs: [20, 80], width, height });
      const recorded = videoFrames(source);
      const { file, played } = await workerMatchesHere(source);
      expect(played.shown).toEqual({ width, height });
      const converted = videoFrames(file);
      expect(converted.seconds).toBeCloseTo(recorded.seconds, 0);
      // The recording's own average rate (no frames repeated to fill 1000 a second), within 5% (a frame, when a loaded
      // machine's browser recorded only a few).
      const expected = converted.seconds * (recorded.count / recorded.seconds);
      expect(Math.abs(converted.count - expected)).toBeLessThanOrEqual(Math.max(1, 0.05 * expected));
    });
  }

  it("remuxes a constant-rate MP4: the same video packets, every frame", { timeout: 120_000 }, async () => {
    const { file, played } = await workerMatchesHere(constantRateMp4);
    expect(videoPacketsMd5(file)).toBe(videoPacketsMd5(constantRateMp4));
    expect(played.frames).toBe(50);
  });

  it("turns a phone's sideways HEVC MOV upright as H.264, every frame kept", { timeout: 120_000 }, async () => {
    expect(displayedSize(phoneMov)).toEqual({ width: 240, height: 320 });
    const { played } = await workerMatchesHere(phoneMov);
    expect(played.shown).toEqual({ width: 240, height: 320 });
    expect(played.frames).toBe(50);
  });
});
