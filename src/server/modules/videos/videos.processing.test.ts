import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { browserAvailable } from "../../../../tests/support/browser";
import { createChild, createVideo, displayedSize, generateClip, recordWithMediaRecorder, transcodesUnder, uploadBytes, videoFrames, videoPacketsMd5, waitForProcessing } from "../../../../tests/support/videos";
import { probe, REJECTION_MESSAGES, toFastStartMp4 } from "./videos.ffmpeg";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function storedFile(videoId: string) {
  const { rows } = await t.pool.query("SELECT (SELECT key FROM memory_files WHERE memory_id = $1 AND role = 'playable_video') AS file_path", [videoId]);
  const stored = await t.services.storage.get({ bucket: "videos", key: rows[0].file_path });
  if (!stored) throw new Error("no stored file");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-stored-")), "video.mp4");
  await new Promise<void>((resolve, reject) => stored.body.pipe(fs.createWriteStream(file)).on("finish", () => resolve()).on("error", reject));
  return file;
}

function probeStreams(file: string) {
  const output = execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]).toString();
  return JSON.parse(output) as { streams: Array<{ codec_type: string; codec_name: string; time_base: string }>; format: { duration: string; format_name: string } };
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
  it("never transcodes one video twice at once: jobs for the same video run one after another, and the video is made ready once", async () => {
    const user = await createSignedInUser(t);
    // Six seconds are enough for transcodes at once to be seen together: with the lock taken out, the sampler saw three.
    const { video } = await createVideo(t, user, generateClip("webm", 6));
    // The queued job and two more runs of the job for the same video (a retry after a lapsed lease, a repeated send).
    let most = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        most = Math.max(most, transcodesUnder(process.pid).length);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    await Promise.all([t.services.videos.process(video.id), t.services.videos.process(video.id)]);
    expect((await waitForProcessing(t, user.cookie, video.id)).processingStatus).toBe("completed");
    sampling = false;
    await sampler;
    expect(most, "transcodes seen running at once").toBe(1);
    expect((await notifications(user.id)).map((row) => row.type)).toEqual(["video_ready"]);
  });

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
    expect(videoFrames(file).count).toBe(75);
    const head = fs.readFileSync(file).subarray(0, 64 * 1024).toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(0);
    expect(head.indexOf("moov")).toBeLessThan(fs.readFileSync(file).toString("latin1").indexOf("mdat"));
    // The stored MP4 is recorded as the video's playable file, with what it is.
    const bytes = fs.readFileSync(file);
    const { rows } = await t.pool.query("SELECT size_bytes::int AS size, content_type, sha256 FROM memory_files WHERE memory_id = $1 AND role = 'playable_video'", [video.id]);
    expect(rows).toEqual([{ size: bytes.length, content_type: "video/mp4", sha256: createHash("sha256").update(bytes).digest("hex") }]);
    expect(await notifications(user.id)).toEqual([{ type: "video_ready", message: "'First bike ride' is ready to watch.", child_name: "Maya" }]);
    expect(await t.services.uploads.localCopy(uploadId)).toBeNull();
  });

  it("a video for two children names both in the bell and the email", async () => {
    const user = await createSignedInUser(t);
    const ava = await createChild(t, user.id, "Ava");
    const leo = await createChild(t, user.id, "Leo");
    const { video } = await createVideo(t, user, generateClip("webm", 1), { childIds: [ava.id, leo.id] });
    expect((await waitForProcessing(t, user.cookie, video.id)).processingStatus).toBe("completed");
    expect(await notifications(user.id)).toEqual([{ type: "video_ready", message: "'First bike ride' is ready to watch.", child_name: "Ava and Leo" }]);
    const bell = (await (await jsonRequest(t, "GET", "/api/notifications", { cookie: user.cookie })).json()) as { items: Array<{ title: string }> };
    expect(bell.items.map((item) => item.title)).toEqual(["Ava and Leo - Video ready"]);
    expect((await waitForEmail(t, user.email, { subjectIncludes: "Video ready" })).subject).toBe("Ava and Leo - Video ready");
  });

  it("remuxes a compatible MP4 without re-encoding it", async () => {
    const user = await createSignedInUser(t);
    const source = generateClip("compatible-mp4", 2);
    const { video } = await createVideo(t, user, source);
    expect((await waitForProcessing(t, user.cookie, video.id)).processingStatus).toBe("completed");
    expect(videoPacketsMd5(await storedFile(video.id))).toBe(videoPacketsMd5(source));
    expect(videoFrames(await storedFile(video.id)).count).toBe(50);
  });

  it("fails a 130 s clip with its message and a video_failed notification", async () => {
    const user = await createSignedInUser(t);
    const { video, uploadId } = await createVideo(t, user, generateClip("long-mp4", 130));
    const done = await waitForProcessing(t, user.cookie, video.id);
    expect(done).toMatchObject({ processingStatus: "failed", processingError: REJECTION_MESSAGES.tooLong });
    expect((await notifications(user.id)).map((row) => row.type)).toEqual(["video_failed"]);
    expect(await t.services.uploads.localCopy(uploadId)).toBeNull();
  });

  it("fails a WebM over 2 minutes whose header has no duration (a browser that could not read it sends it on) with its message", async () => {
    const user = await createSignedInUser(t);
    const { video } = await createVideo(t, user, generateClip("webm-no-duration", 130));
    expect(await waitForProcessing(t, user.cookie, video.id)).toMatchObject({ processingStatus: "failed", processingError: REJECTION_MESSAGES.tooLong });
  });

  it("fails a text file renamed .mp4", async () => {
    const user = await createSignedInUser(t);
    const { video } = await createVideo(t, user, generateClip("text-as-mp4"));
    expect(await waitForProcessing(t, user.cookie, video.id)).toMatchObject({ processingStatus: "failed", processingError: REJECTION_MESSAGES.notVideo });
  });

  it("fails a text playlist naming another dad's stored video, and ffmpeg never opens that file", async () => {
    const victim = await createSignedInUser(t);
    const { video: private_ } = await createVideo(t, victim, generateClip("compatible-mp4", 2));
    expect((await waitForProcessing(t, victim.cookie, private_.id)).processingStatus).toBe("completed");
    const { rows } = await t.pool.query("SELECT (SELECT key FROM memory_files WHERE memory_id = $1 AND role = 'playable_video') AS file_path", [private_.id]);
    const target = path.join(t.config.dataDir, "storage", "videos", ...String(rows[0].file_path).split("/"));
    expect(fs.existsSync(target)).toBe(true);
    // An access time older than the last change: with relatime, any read of the file moves it.
    fs.utimesSync(target, new Date(1_000_000), new Date());

    const attacker = await createSignedInUser(t);
    const child = await createChild(t, attacker.id);
    const fromUploads = path.relative(t.config.uploads.dir, target);
    const playlist = ["#EXTM3U", "#EXT-X-TARGETDURATION:10", "#EXTINF:10,", fromUploads, "#EXTINF:10,", target, "#EXT-X-ENDLIST", ""].join("\n");
    const uploadId = await uploadBytes(t, attacker.cookie, new TextEncoder().encode(playlist));
    const created = await t.app.request("/api/videos", {
      method: "POST",
      headers: { origin: "http://localhost:3000", cookie: attacker.cookie, "content-type": "application/json" },
      body: JSON.stringify({ uploadId, title: "Not mine", notes: "", childIds: [child.id], unlockType: "now" }),
    });
    expect(created.status).toBe(201);
    const done = await waitForProcessing(t, attacker.cookie, ((await created.json()) as { id: string }).id);
    expect(done).toMatchObject({ processingStatus: "failed", processingError: REJECTION_MESSAGES.notVideo });
    expect(fs.statSync(target).atimeMs).toBe(1_000_000);
  });

  it("runs ffprobe on the detected container only, so a playlist fed to it past the byte check is still not followed", async () => {
    const victimClip = generateClip("compatible-mp4", 1);
    fs.utimesSync(victimClip, new Date(1_000_000), new Date());
    const playlist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-playlist-")), "clip.mp4");
    fs.writeFileSync(playlist, ["#EXTM3U", "#EXT-X-TARGETDURATION:10", "#EXTINF:10,", victimClip, "#EXT-X-ENDLIST", ""].join("\n"));
    await expect(probe({ ffmpeg: "ffmpeg", ffprobe: "ffprobe" }, playlist, "mov")).rejects.toThrow(REJECTION_MESSAGES.notVideo);
    await expect(toFastStartMp4({ ffmpeg: "ffmpeg", ffprobe: "ffprobe" }, { source: playlist, target: `${playlist}.out.mp4`, container: "mov", probed: { formatName: "mov", durationSeconds: 1, video: null, audio: null } })).rejects.toThrow(
      REJECTION_MESSAGES.notVideo,
    );
    expect(fs.statSync(victimClip).atimeMs).toBe(1_000_000);
  });
});

describe("frame timing (real ffmpeg)", () => {
  const tools = { ffmpeg: "ffmpeg", ffprobe: "ffprobe" };
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-timing-"));
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  /** The frames a file should hold at its own duration and the source's average frame rate, and how far off it is. */
  function expectSameAverageRate(output: { count: number; seconds: number }, source: { count: number; seconds: number }) {
    const expected = output.seconds * (source.count / source.seconds);
    expect(Math.abs(output.count - expected)).toBeLessThanOrEqual(0.05 * expected);
  }

  /** CPU seconds used so far by this process's finished child processes (ffmpeg): unlike wall time, a busy machine does not change it. */
  function childCpuSeconds() {
    // /proc/self/stat: the fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th, in ticks of 1/100 s.
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  }

  /** CPU seconds `run` spends in child processes. */
  async function childCpuOf(run: () => unknown) {
    const before = childCpuSeconds();
    await run();
    return childCpuSeconds() - before;
  }

  /**
   * ffmpeg encoding `source` to H.264 with its default frame timing, which fills the 1/1000 time base with repeated
   * frames (1,000 for each second recorded): what processing did before it kept the frame times.
   */
  const defaultTiming = (source: string) =>
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", source, "-an", "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", path.join(workDir, "default-timing.mp4")]);

  it.skipIf(!browserAvailable)("keeps a desktop camera recording's irregular frame timing (no 1000 frames a second), with under half the work of ffmpeg's default timing", { timeout: 120_000 }, async () => {
    const source = await recordWithMediaRecorder({ seconds: 3, gapMs: [20, 80] });
    const recorded = videoFrames(source);
    const probed = await probe(tools, source, "matroska");
    // What MediaRecorder writes: no duration in the header, and a 1/1000 time base.
    expect(probed.durationSeconds).toBeNull();
    expect(probeStreams(source).streams.find((stream) => stream.codec_type === "video")).toMatchObject({ time_base: "1/1000" });

    const target = path.join(workDir, "recording.mp4");
    const baseline = await childCpuOf(() => defaultTiming(source));
    const seconds = await childCpuOf(() => toFastStartMp4(tools, { source, container: "matroska", target, probed }));
    const converted = videoFrames(target);
    console.info(`MediaRecorder WebM: ${recorded.count} frames in ${recorded.seconds.toFixed(2)} s -> ${converted.count} frames in ${converted.seconds.toFixed(2)} s, converted with ${seconds.toFixed(2)} s of CPU (ffmpeg's default timing: ${baseline.toFixed(2)} s)`);
    expect(converted.seconds).toBeCloseTo(recorded.seconds, 0);
    expectSameAverageRate(converted, recorded);
    // CPU time, so a busy machine is not a failure (measured on 3 s: 0.19 s against 1.08 s).
    expect(seconds).toBeLessThanOrEqual(0.5 * baseline);

    // The same through upload and the processing job: the stored MP4 has the recording's frames and length.
    const user = await createSignedInUser(t);
    const { video } = await createVideo(t, user, source);
    const done = await waitForProcessing(t, user.cookie, video.id);
    expect(done.processingStatus).toBe("completed");
    expect(done.durationSeconds).toBeCloseTo(recorded.seconds, 0);
    expectSameAverageRate(videoFrames(await storedFile(video.id)), recorded);
  });

  it("caps a faster source at 60 frames a second and keeps its length", async () => {
    const source = generateClip("webm-120fps", 2);
    const target = path.join(workDir, "fast.mp4");
    await toFastStartMp4(tools, { source, container: "matroska", target, probed: await probe(tools, source, "matroska") });
    const converted = videoFrames(target);
    expect(converted.seconds).toBeCloseTo(2, 1);
    expect(converted.count / converted.seconds).toBeLessThanOrEqual(60.5);
    expect(converted.count / converted.seconds).toBeGreaterThanOrEqual(59);
  });

  it("turns a sideways clip upright when it re-encodes it, and keeps the turn when it only remuxes", async () => {
    const user = await createSignedInUser(t);
    const { video: reencoded } = await createVideo(t, user, generateClip("rotated-yuv444-mp4", 2));
    const { video: remuxed } = await createVideo(t, user, generateClip("rotated-compatible-mp4", 2));
    for (const video of [reencoded, remuxed]) {
      expect((await waitForProcessing(t, user.cookie, video.id)).processingStatus).toBe("completed");
      const file = await storedFile(video.id);
      expect(displayedSize(file)).toEqual({ width: 240, height: 320 });
      expect(videoFrames(file).count).toBe(50);
    }
  });
});
