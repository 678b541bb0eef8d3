import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { createVideo, generateClip, videoPacketsMd5, waitForProcessing } from "../../../../tests/support/videos";
import { REJECTION_MESSAGES } from "./videos.ffmpeg";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function storedFile(videoId: string) {
  const { rows } = await t.pool.query("SELECT file_path FROM videos WHERE id = $1", [videoId]);
  const stored = await t.services.storage.get({ bucket: "videos", key: rows[0].file_path });
  if (!stored) throw new Error("no stored file");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-stored-")), "video.mp4");
  await new Promise<void>((resolve, reject) => stored.body.pipe(fs.createWriteStream(file)).on("finish", () => resolve()).on("error", reject));
  return file;
}

function probeStreams(file: string) {
  const output = execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]).toString();
  return JSON.parse(output) as { streams: Array<{ codec_type: string; codec_name: string }>; format: { duration: string; format_name: string } };
}

/** The job's notification is its last step, so once it is there the job has finished. */
async function notifications(userId: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await t.pool.query("SELECT type, message, child_name FROM notifications WHERE user_id = $1", [userId]);
    if (rows.length > 0) return rows as Array<{ type: string; message: string; child_name: string }>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the processing job sent no notification");
}

describe("video processing (real ffmpeg)", () => {
  it("turns a 3 s WebM into a fast-start H.264/AAC MP4 of the right duration, deletes the upload and notifies", async () => {
    const user = await createSignedInUser(t);
    const { video, uploadId } = await createVideo(t, user, generateClip("webm", 3));
    expect(video).toMatchObject({ processingStatus: "processing", processingProgress: 80 });
    const done = await waitForProcessing(t, user.cookie, video.id);
    expect(done).toMatchObject({ processingStatus: "completed", processingProgress: 100, processingError: null });
    expect(done.durationSeconds).toBeGreaterThanOrEqual(2.9);
    expect(done.durationSeconds).toBeLessThanOrEqual(3.2);

    const file = await storedFile(video.id);
    const probed = probeStreams(file);
    expect(probed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort()).toEqual(["audio:aac", "video:h264"]);
    expect(Number(probed.format.duration)).toBeCloseTo(3, 0);
    const head = fs.readFileSync(file).subarray(0, 64 * 1024).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(0);
    expect(head.indexOf("moov")).toBeLessThan(fs.readFileSync(file).toString("latin1").indexOf("mdat"));
    expect(await notifications(user.id)).toEqual([{ type: "video_ready", message: "'First bike ride' is ready to watch.", child_name: "Maya" }]);
    expect(await t.services.uploads.localCopy(uploadId)).toBeNull();
  });

  it("remuxes a compatible MP4 without re-encoding it", async () => {
    const user = await createSignedInUser(t);
    const source = generateClip("compatible-mp4", 2);
    const { video } = await createVideo(t, user, source);
    expect((await waitForProcessing(t, user.cookie, video.id)).processingStatus).toBe("completed");
    expect(videoPacketsMd5(await storedFile(video.id))).toBe(videoPacketsMd5(source));
  });

  it("fails a 130 s clip with its message and a video_failed notification", async () => {
    const user = await createSignedInUser(t);
    const { video, uploadId } = await createVideo(t, user, generateClip("long-mp4", 130));
    const done = await waitForProcessing(t, user.cookie, video.id);
    expect(done).toMatchObject({ processingStatus: "failed", processingError: REJECTION_MESSAGES.tooLong });
    expect((await notifications(user.id)).map((row) => row.type)).toEqual(["video_failed"]);
    expect(await t.services.uploads.localCopy(uploadId)).toBeNull();
  });

  it("fails a text file renamed .mp4", async () => {
    const user = await createSignedInUser(t);
    const { video } = await createVideo(t, user, generateClip("text-as-mp4"));
    expect(await waitForProcessing(t, user.cookie, video.id)).toMatchObject({ processingStatus: "failed", processingError: REJECTION_MESSAGES.notVideo });
  });
});
