import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { children } from "../../src/server/modules/children/children.table";
import type { VideoItem } from "../../src/shared/videos";
import { chromiumForFile } from "./browser";
import { madeByFfmpeg } from "./made-once";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "./test-app";

export { displayedSize, videoFrames, videoPacketsMd5 } from "./video-probes";

const clipDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-clips-"));
let copies = 0;

type ClipKind = "webm" | "webm-120fps" | "webm-no-duration" | "webm-no-duration-large" | "compatible-mp4" | "rotated-compatible-mp4" | "rotated-yuv444-mp4" | "rotated-phone-mov" | "long-mp4" | "text-as-mp4";

/**
 * Clips made by ffmpeg from its test pattern (320x240, 25 frames a second unless the kind says otherwise)
 * and a tone, so every test starts from known bytes. The rotated kinds are shot sideways: their display
 * matrix turns them by 90°; the yuv444 one (which phones do not play) and the phone's MOV (HEVC, as an iPhone records
 * by default) have to be re-encoded.
 * The no-duration kinds are written as MediaRecorder writes WebM (no duration, no cues in the header): one
 * second encoded, then repeated by copying, so a long clip costs one second of encoding; the large one
 * is noise at about 6 MB a second, so the browser needs seconds to find where it ends.
 * Each kind and length is encoded once on a machine (madeByFfmpeg) and copied to a new file for each call.
 */
export function generateClip(kind: ClipKind, seconds = 3) {
  const ext = kind.startsWith("webm") ? "webm" : kind.endsWith("mov") ? "mov" : "mp4";
  // Each call gets a file of its own (a fresh name, as a browser's upload sees it), copied from the clip made once.
  const file = path.join(clipDir, `${kind}-${seconds}-${Date.now()}-${(copies += 1)}.${ext}`);
  if (kind === "text-as-mp4") {
    fs.writeFileSync(file, "This is a note, not a video.\n".repeat(50));
    return file;
  }
  fs.copyFileSync(madeByFfmpeg(ext, clipCommands(kind, seconds, `out.${ext}`)), file);
  return file;
}

/** The ffmpeg commands that make a clip of `kind` as `out` (names relative to the folder they run in). */
function clipCommands(kind: Exclude<ClipKind, "text-as-mp4">, seconds: number, out: string): string[][] {
  const rate = kind === "webm-120fps" ? 120 : 25;
  const sources = ["-f", "lavfi", "-i", `testsrc=size=320x240:rate=${rate}:duration=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`];
  const h264 = (pixelFormat: string) => [...sources, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", pixelFormat, "-c:a", "aac"];
  if (kind === "webm" || kind === "webm-120fps") return [[...sources, "-c:v", "libvpx", "-b:v", "300k", "-deadline", "realtime", "-c:a", "libopus", out]];
  if (kind === "compatible-mp4") return [[...h264("yuv420p"), out]];
  if (kind === "rotated-compatible-mp4" || kind === "rotated-yuv444-mp4" || kind === "rotated-phone-mov") {
    // ffmpeg writes the display matrix only when it copies the stream.
    const upright = `upright.${kind === "rotated-phone-mov" ? "mov" : "mp4"}`;
    const hevc = [...sources, "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-pix_fmt", "yuv420p", "-c:a", "aac"];
    return [
      [...(kind === "rotated-phone-mov" ? hevc : h264(kind === "rotated-compatible-mp4" ? "yuv420p" : "yuv444p")), upright],
      ["-i", upright, "-c", "copy", "-metadata:s:v:0", "rotate=90", out],
    ];
  }
  if (kind === "webm-no-duration" || kind === "webm-no-duration-large") {
    const second = "second.webm";
    const picture = kind === "webm-no-duration" ? ["testsrc=size=160x120:rate=10:duration=1", "-b:v", "100k"] : ["testsrc2=size=640x480:rate=30:duration=1", "-vf", "noise=alls=60:allf=t", "-b:v", "40M", "-qmax", "20"];
    const [pattern, ...quality] = picture;
    return [
      ["-f", "lavfi", "-i", pattern ?? "", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", ...quality, "-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "16", "-c:a", "libopus", second],
      ["-stream_loop", String(seconds - 1), "-i", second, "-c", "copy", "-live", "1", "-f", "webm", out],
    ];
  }
  // long-mp4
  return [["-f", "lavfi", "-i", `testsrc=size=160x120:rate=5:duration=${seconds}`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out]];
}

export async function createChild(t: TestApp, userId: string, name = "Maya") {
  const [child] = await t.db.insert(children).values({ userId, name, birthdate: "2015-06-01" }).returning();
  if (!child) throw new Error("child not inserted");
  return child;
}

/** Uploads bytes through tus in one PATCH and returns the upload id. */
export async function uploadBytes(t: TestApp, cookie: string, bytes: Uint8Array<ArrayBuffer>) {
  const headers = { origin: TEST_ORIGIN, cookie, "tus-resumable": "1.0.0" };
  const created = await t.app.request("/api/uploads", { method: "POST", headers: { ...headers, "upload-length": String(bytes.length) } });
  expect(created.status).toBe(201);
  const location = created.headers.get("location") ?? "";
  const patched = await t.app.request(location, {
    method: "PATCH",
    headers: { ...headers, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
    body: bytes,
  });
  expect(patched.status).toBe(204);
  return location.split("/").at(-1) ?? "";
}

export async function createVideo(t: TestApp, user: { id: string; cookie: string }, file: string, fields: Record<string, unknown> = {}) {
  const child = await createChild(t, user.id);
  const uploadId = await uploadBytes(t, user.cookie, new Uint8Array(fs.readFileSync(file)));
  const response = await jsonRequest(t, "POST", "/api/videos", {
    cookie: user.cookie,
    body: { uploadId, title: "First bike ride", notes: "", childIds: [child.id], unlockType: "now", ...fields },
  });
  expect(response.status).toBe(201);
  return { video: (await response.json()) as VideoItem, child, uploadId };
}

/** Polls the video until the job has finished with it. */
export async function waitForProcessing(t: TestApp, cookie: string, videoId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const video = (await (await jsonRequest(t, "GET", `/api/videos/${videoId}`, { cookie })).json()) as VideoItem;
    if (video.processingStatus !== "processing") return video;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The video was still processing at the time limit");
}

/**
 * A WebM as a desktop camera recording is: made by Chromium's own MediaRecorder (VP8 and Opus, a 1/1000
 * time base, no duration in its header), from a canvas (320x240 unless `width` and `height` say otherwise) whose
 * frames are sent at random gaps of `gapMs` (so the frame timing is irregular, as a webcam's is under load) over `seconds`.
 */
export async function recordWithMediaRecorder(options: { seconds: number; gapMs: [number, number]; width?: number; height?: number }) {
  // A context of its own in the worker's (or the file's) Chromium: launching one for each recording cost a Chromium start.
  const context = await (await chromiumForFile()).newContext();
  try {
    const page = await context.newPage();
    // A real click, so the page may start its AudioContext (Chromium's autoplay policy wants the user's activation).
    await page.setContent("<button>Record</button>");
    await page.getByRole("button", { name: "Record" }).click();
    const base64 = await page.evaluate(async ({ seconds, gapMs: [minGap, maxGap], width, height }) => {
      const canvas = document.body.appendChild(document.createElement("canvas"));
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d");
      const [track] = canvas.captureStream(0).getVideoTracks() as CanvasCaptureMediaStreamTrack[];
      const audio = new AudioContext();
      // Started, or the recording's sound would be silence: without the click's activation it would stay suspended.
      await Promise.race([audio.resume(), new Promise((_, reject) => setTimeout(() => reject(new Error(`the AudioContext stayed ${audio.state}`)), 5000))]);
      const tone = audio.createOscillator();
      const sound = audio.createMediaStreamDestination();
      tone.connect(sound);
      tone.start();
      const recorder = new MediaRecorder(new MediaStream([track, ...sound.stream.getAudioTracks()]), { mimeType: "video/webm;codecs=vp8,opus" });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
      recorder.start(1000);
      const started = performance.now();
      for (let frame = 0; performance.now() - started < seconds * 1000; frame += 1) {
        if (context) {
          context.fillStyle = `hsl(${(frame * 37) % 360} 70% 50%)`;
          context.fillRect(0, 0, canvas.width, canvas.height);
        }
        track.requestFrame();
        await new Promise((resolve) => setTimeout(resolve, minGap + Math.random() * (maxGap - minGap)));
      }
      recorder.stop();
      await stopped;
      await audio.close();
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = "";
      for (let index = 0; index < bytes.length; index += 0x8000) binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
      return btoa(binary);
    }, { width: 320, height: 240, ...options });
    const file = path.join(clipDir, `media-recorder-${options.width ?? 320}x${options.height ?? 240}-${options.seconds}-${Date.now()}.webm`);
    fs.writeFileSync(file, Buffer.from(base64, "base64"));
    return file;
  } finally {
    await context.close();
  }
}

/** The ffmpeg transcodes (libx264 encodes) the process `pid` is running right now, by process id, as `ps` lists its children. */
export function transcodesUnder(pid: number) {
  let output = "";
  try {
    output = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)]).toString();
  } catch {
    // ps exits 1 when the process has no children.
    return [];
  }
  return output
    .split("\n")
    .map((line) => line.trim().match(/^(\d+) (ffmpeg .*)$/))
    .filter((match) => match?.[2]?.includes("libx264"))
    .map((match) => Number(match![1]));
}
