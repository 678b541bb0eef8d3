import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoItem } from "../../src/shared/videos";
import { type AppProcess, callApp, signUpOn, startAppProcess, timeUntil, uploadTo } from "../support/app-process";
import { CROSS_NODE_JOBS_ENV } from "../support/test-timing";
import { startS3rver } from "../support/s3-server";
import { createTestDatabase } from "../support/test-database";
import { transcodesUnder } from "../support/videos";

/**
 * A web process and two worker processes (`dist/server/main.js` with APP_ROLE=web and worker) on one PostgreSQL and
 * one S3-compatible store. The worker that took a video's processing is killed (SIGKILL) in the middle of its
 * transcode: the other worker finishes it, and the video is made playable once.
 */
const BUCKET = "hey-dad-dead-worker";
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
/** The lease in this test (30 s in production): a dead worker's job is retried within about 1.5 leases plus 1 s. */
const LEASE_SECONDS = 6;
const RECOVERY_LIMIT_MS = 120_000;

let web: AppProcess;
let workers: AppProcess[];
let pool: pg.Pool;
const cleanups: Array<() => Promise<unknown>> = [];
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-dead-worker-"));

/**
 * A 60 s 320x240 WebM (one second encoded, then repeated by copying, so making it costs a second of encoding): about
 * 3 s of one core to transcode, so the job is caught mid-transcode whatever the machine's load.
 */
function sixtySecondClip() {
  const second = path.join(workDir, "second.webm");
  const clip = path.join(workDir, "clip.webm");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=1", "-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:v", "libvpx", "-b:v", "500k", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus", second]);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-stream_loop", "59", "-i", second, "-c", "copy", "-f", "webm", clip]);
  return fs.readFileSync(clip);
}

beforeAll(async () => {
  const database = await createTestDatabase();
  const s3rver = await startS3rver(BUCKET);
  cleanups.push(() => database.drop(), () => s3rver.close(), async () => fs.rmSync(workDir, { recursive: true, force: true }));
  pool = database.pool();
  cleanups.unshift(() => pool.end());
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: "web-and-workers-share-this-secret-0123456789",
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3rver.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    VIDEO_FFMPEG_THREADS: "1",
    DATABASE_POOL_MAX: "5",
    ...CROSS_NODE_JOBS_ENV,
  };
  const started = await Promise.all([
    startAppProcess({ env: { ...env, APP_ROLE: "web" } }),
    startAppProcess({ env: { ...env, APP_ROLE: "worker" } }),
    startAppProcess({ env: { ...env, APP_ROLE: "worker" } }),
  ]);
  [web] = started;
  workers = started.slice(1);
  cleanups.unshift(...started.map((node) => () => node.kill()));
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
});

describe("web and worker roles", () => {
  it("a worker serves no app, only its health checks", async () => {
    const [worker] = workers;
    expect((await callApp(worker!, "/readyz")).status).toBe(200);
    for (const page of ["/", "/login", "/api/config"]) expect((await callApp(worker!, page)).status, page).toBe(404);
    expect((await callApp(web, "/api/config")).status).toBe(200);
  });

  it("a start with an unknown APP_ROLE stops with a message that names the values, in development and in production", async () => {
    for (const NODE_ENV of ["development", "production"]) {
      await expect(startAppProcess({ env: { NODE_ENV, APP_ROLE: "media", DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" } })).rejects.toThrow(/APP_ROLE: APP_ROLE must be web, worker or all/);
    }
  });

  it("a worker killed mid-transcode: the other worker finishes the video within 2 minutes, once, and never two transcodes of it at once", { timeout: 240_000 }, async () => {
    const dad = await signUpOn(web, { pool });
    const child = await callApp(web, "/api/children", { method: "POST", cookie: dad.cookie, json: { name: "Maya", birthdate: "2016-04-02" } });
    expect(child.status).toBe(201);
    const childId = ((await child.json()) as { child: { id: string } }).child.id;
    const uploadId = await uploadTo(web, dad.cookie, sixtySecondClip());
    const created = await callApp(web, "/api/videos", { method: "POST", cookie: dad.cookie, json: { uploadId, title: "First bike ride", notes: "", childIds: [childId], unlockType: "now" } });
    expect(created.status).toBe(201);
    const videoId = ((await created.json()) as VideoItem).id;

    // Every 100 ms, which process runs a transcode: never the web process, never two at once.
    const seen: Array<{ at: number; web: number; workers: number[] }> = [];
    const look = () => {
      const sample = { at: Date.now(), web: transcodesUnder(web.child.pid!).length, workers: workers.map((worker) => transcodesUnder(worker.child.pid!).length) };
      seen.push(sample);
      return sample;
    };
    let first = -1;
    await timeUntil(async () => (first = look().workers.findIndex((count) => count > 0)) >= 0, 60_000, "a worker transcoding the video");
    const killed = workers[first]!;
    const other = workers[1 - first]!;
    // The node dies with its ffmpeg, as a process manager ends a unit's or container's processes when its main one dies
    // (systemd's default KillMode=control-group, a container's PID namespace).
    const orphans = transcodesUnder(killed.child.pid!);
    await killed.kill("SIGKILL");
    for (const pid of orphans) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already ended on its own.
      }
    }
    const killedAt = Date.now();

    const pickedUpMs = await timeUntil(async () => look().workers[1 - first]! > 0, RECOVERY_LIMIT_MS, "the other worker transcoding the video");
    const status = async () => ((await (await callApp(web, `/api/videos/${videoId}`, { cookie: dad.cookie })).json()) as VideoItem).processingStatus;
    let playable = "";
    await timeUntil(async () => {
      look();
      playable = await status();
      return playable !== "processing";
    }, RECOVERY_LIMIT_MS, "the video playable");
    const playableMs = Date.now() - killedAt;
    console.info(`dead worker: killed mid-transcode; the other worker started it again ${(pickedUpMs / 1000).toFixed(1)} s later and it was playable ${(playableMs / 1000).toFixed(1)} s after the kill (lease ${LEASE_SECONDS} s)`);

    expect(playable).toBe("completed");
    expect(pickedUpMs).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(seen.every((sample) => sample.web === 0)).toBe(true);
    expect(Math.max(...seen.map((sample) => sample.workers.reduce((sum, count) => sum + count, 0)))).toBe(1);
    expect(other.child.exitCode).toBeNull();

    // The video turns playable inside the job (its status, then its 'ready' notice), and the queue records the job's end
    // only once the job has returned: the job's row is read once it has left 'active'.
    const jobs = async () => (await pool.query(`SELECT state, retry_count FROM pgboss.job WHERE name = 'process-video'`)).rows;
    await timeUntil(async () => (await jobs()).every((job) => job.state !== "active"), 30_000, "the processing job recorded as ended");

    // Playable once: one stored MP4 whose bytes are the checksum recorded for it, one 'ready' notice, and the job
    // completed after one failure (the lapsed lease).
    const files = await pool.query<{ key: string; sha256: string; size_bytes: number }>(`SELECT key, sha256, size_bytes FROM memory_files WHERE memory_id = $1 AND role = 'playable_video'`, [videoId]);
    expect(files.rows).toHaveLength(1);
    const link = (await (await callApp(web, `/api/videos/${videoId}/playback`, { cookie: dad.cookie })).json()) as { url: string };
    const bytes = Buffer.from(await (await fetch(link.url)).arrayBuffer());
    expect({ sha256: createHash("sha256").update(bytes).digest("hex"), size: bytes.length }).toEqual({ sha256: files.rows[0]!.sha256, size: Number(files.rows[0]!.size_bytes) });
    const stored = path.join(workDir, "stored.mp4");
    fs.writeFileSync(stored, bytes);
    const probed = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_format", "-show_streams", "-of", "json", stored]).toString()) as { format: { duration: string }; streams: Array<{ codec_name: string }> };
    expect(probed.streams.map((stream) => stream.codec_name).sort()).toEqual(["aac", "h264"]);
    expect(Number(probed.format.duration)).toBeCloseTo(60, 0);
    const notices = await pool.query(`SELECT type FROM notifications WHERE type = 'video_ready'`);
    expect(notices.rows).toHaveLength(1);
    expect(await jobs()).toEqual([{ state: "completed", retry_count: 1 }]);
  });
});
