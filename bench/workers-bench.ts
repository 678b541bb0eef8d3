// One worker against two for `npm run bench` (BENCH_ONLY=workers): a queue of 10 recordings processed by real app
// processes with APP_ROLE=worker, each ffmpeg at one thread, on one PostgreSQL and the local store of a web node.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startAppServer } from "./bench-server";
import { signedInCookie } from "./bench-user";
import { benchChild, recorderLikeWebm, saveVideo, untilProcessed } from "./bench-videos";
import { tusUpload } from "./video-bench";

const CLIPS = 10;
const CLIP_SECONDS = Number(process.env.BENCH_WORKER_CLIP_SECONDS ?? 20);

export async function benchWorkers() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-bench-workers-"));
  // The web node takes no video processing: only the workers started below do.
  const web = await startAppServer({ env: { APP_ROLE: "web" } });
  const pool = new pg.Pool({ connectionString: web.databaseUrl, max: 1 });
  try {
    const clip = recorderLikeWebm(dir, { seconds: CLIP_SECONDS, width: 640, height: 480 });
    const cookie = await signedInCookie(web.baseUrl);
    const childId = await benchChild(web.baseUrl, cookie);

    /**
     * The workers started and idle, the 10 clips uploaded, then all saved at once: the time from the first job's start to
     * the last one's end, as pg-boss recorded them.
     */
    const queueSeconds = async (workerCount: number) => {
      const workers = [];
      for (let i = 0; i < workerCount; i++) workers.push(await startAppServer({ env: { APP_ROLE: "worker", VIDEO_FFMPEG_THREADS: "1" }, joins: web, ownSession: true }));
      try {
        const uploads = [];
        for (let i = 0; i < CLIPS; i++) uploads.push(await tusUpload(web.baseUrl, cookie, clip));
        const ids: string[] = [];
        for (const [i, uploadId] of uploads.entries()) ids.push(await saveVideo(web.baseUrl, cookie, { uploadId, childId, title: `Queue of ${workerCount}: ${i + 1}` }));
        for (const id of ids) await untilProcessed(web.baseUrl, cookie, id);
        // A video is playable inside its job; the queue records the job's end just after it returns.
        const jobs = () =>
          pool.query<{ created: number; started: number; completed: number | null }>(
            `SELECT extract(epoch FROM created_on - first)::float AS created, extract(epoch FROM started_on - first)::float AS started, extract(epoch FROM completed_on - first)::float AS completed
               FROM pgboss.job, (SELECT min(started_on) AS first FROM pgboss.job WHERE name = 'process-video' AND data->>'videoId' = ANY($1)) AS queue
              WHERE name = 'process-video' AND data->>'videoId' = ANY($1) ORDER BY started_on`,
            [ids],
          );
        let { rows } = await jobs();
        for (let waited = 0; rows.some((row) => row.completed === null); waited += 100) {
          if (waited > 30_000) throw new Error("processing jobs still not recorded as completed 30 s after their videos were playable");
          await new Promise((resolve) => setTimeout(resolve, 100));
          ({ rows } = await jobs());
        }
        // Each job's instants from the first start: where the time goes between jobs.
        const at = (seconds: number) => seconds.toFixed(1).padStart(5);
        console.log(`\n${workerCount} worker(s), load ${fs.readFileSync("/proc/loadavg", "utf8").trim()}: job sent, started, done (s from the first start)`);
        for (const row of rows) console.log(`  sent ${at(row.created)}  started ${at(row.started)}  done ${at(row.completed!)}  took ${at(row.completed! - row.started)}`);
        return Math.max(...rows.map((row) => row.completed!));
      } finally {
        for (const worker of workers) await worker.stop();
      }
    };
    const one = await queueSeconds(1);
    const two = await queueSeconds(2);
    console.log(`\n| ${CLIPS} recordings (${CLIP_SECONDS} s, 640x480 WebM) queued, ffmpeg at 1 thread, APP_ROLE=worker processes | one worker | two workers | two / one | target |`);
    console.log("|---|---:|---:|---:|---|");
    console.log(`| first job started -> last job done | ${one.toFixed(1)} s | ${two.toFixed(1)} s | ${(two / one).toFixed(2)} | <= 0.6 |`);
  } finally {
    await pool.end();
    await web.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
