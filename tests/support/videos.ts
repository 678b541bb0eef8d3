import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { children } from "../../src/server/modules/children/children.table";
import type { VideoItem } from "../../src/shared/videos";
import { jsonRequest, TEST_ORIGIN, type TestApp } from "./test-app";

const clipDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-clips-"));

/** Clips made by ffmpeg from its test pattern and a tone, so every test starts from known bytes. */
export function generateClip(kind: "webm" | "compatible-mp4" | "long-mp4" | "text-as-mp4", seconds = 3) {
  const file = path.join(clipDir, `${kind}-${seconds}-${Date.now()}.${kind === "webm" ? "webm" : "mp4"}`);
  const sources = ["-f", "lavfi", "-i", `testsrc=size=320x240:rate=25:duration=${seconds}`, "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`];
  const ffmpeg = (args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args, file]);
  if (kind === "text-as-mp4") fs.writeFileSync(file, "This is a note, not a video.\n".repeat(50));
  if (kind === "webm") ffmpeg([...sources, "-c:v", "libvpx", "-b:v", "300k", "-deadline", "realtime", "-c:a", "libopus"]);
  if (kind === "compatible-mp4") ffmpeg([...sources, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"]);
  if (kind === "long-mp4") {
    ffmpeg(["-f", "lavfi", "-i", `testsrc=size=160x120:rate=5:duration=${seconds}`, "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]);
  }
  return file;
}

/** The md5 of a file's video packets: equal for a remux, different after a re-encode. */
export function videoPacketsMd5(file: string) {
  return execFileSync("ffmpeg", ["-v", "error", "-i", file, "-map", "0:v:0", "-c", "copy", "-f", "md5", "-"]).toString().trim();
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
