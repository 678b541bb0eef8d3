// Archive figures for `BENCH_ONLY=archive npm run bench`: 'Download everything' throughput against a
// plain storage-to-storage copy of the same files in the same run, peak RSS growth while packing
// ~2 GB of media, and the time from the click to the ready email for 1 GB.
import { execFileSync } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { writeArchive } from "../src/server/modules/export/export.archive";
import type { ExportMemory } from "../src/server/modules/export/export.source";
import { createObjectStorage } from "../src/server/modules/storage/storage";
import { createLocalStorage } from "../src/server/modules/storage/storage.local";

const MiB = 1024 * 1024;
const FILE_MIB = Number(process.env.BENCH_ARCHIVE_FILE_MIB ?? 128);

function writeRandomFile(file: string, bytes: number) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, "w");
  const block = randomBytes(16 * MiB);
  for (let written = 0; written < bytes; written += block.length) fs.writeSync(fd, block, 0, Math.min(block.length, bytes - written));
  fs.closeSync(fd);
}

/** `count` videos of FILE_MIB each, written straight into a local storage root's videos bucket. */
function seedVideoFiles(root: string, userId: string, count: number) {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `${userId}/bench-${i}.mp4`;
    writeRandomFile(path.join(root, "videos", ...key.split("/")), FILE_MIB * MiB);
    keys.push(key);
  }
  return keys;
}

function memoriesFor(keys: string[]): ExportMemory[] {
  return keys.map((key, i) => {
    const createdAt = new Date(Date.now() - i * 60_000).toISOString();
    return {
      id: randomUUID(),
      kind: "video",
      title: `Video ${i}`,
      notes: "",
      createdAt,
      durationSeconds: 95,
      childIds: ["child"],
      unlock: { type: "now", age: null, date: null, milestone: null, opened: true, openedFor: [{ childId: "child", at: createdAt }], opensAt: createdAt, label: "Available now" },
      files: [{ bucket: "videos", key, role: "video" }],
      captions: null,
      comments: [],
    };
  });
}

/** Throughput against a plain copy, and peak RSS growth, packing ~2 GB in this process (the job's code, no HTTP). */
async function benchPacking() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-archive-bench-"));
  try {
    const storage = createObjectStorage(createLocalStorage({ root, signingKey: createHmac("sha256", "bench").digest() }).driver);
    const userId = "bench-user";
    const count = Math.round(2048 / FILE_MIB);
    const keys = seedVideoFiles(root, userId, count);
    const totalBytes = count * FILE_MIB * MiB;

    // The plain copy: every file read from storage and written back to storage, one after another.
    // Run before and after the archives (the first can meet the seeding's disk writes); the faster counts.
    async function plainCopy() {
      const started = performance.now();
      for (const key of keys) {
        const object = await storage.get({ bucket: "videos", key });
        await storage.put({ bucket: "exports", key: `${userId}/copy-${path.basename(key)}`, body: object!.body, contentType: "video/mp4" });
      }
      const seconds = (performance.now() - started) / 1000;
      await storage.deletePrefix({ bucket: "exports", prefix: `${userId}/` });
      return seconds;
    }
    const copyBefore = await plainCopy();

    /** One archive of the same files; peak RSS growth sampled every 20 ms while it packs. */
    async function packOnce(hashOn: "worker" | "main") {
      const key = `${userId}/archive-${hashOn}.zip`;
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = performance.now();
      const result = await writeArchive({ storage, destination: { bucket: "exports", key }, scope: "account", children: [], memories: memoriesFor(keys), now: new Date(), hashOn });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      const tested = execFileSync("unzip", ["-tq", path.join(root, "exports", ...key.split("/"))]).toString().trim();
      await storage.delete({ bucket: "exports", key });
      return { seconds, rssGrowth: peak - rssBefore, sizeBytes: result.sizeBytes, tested };
    }
    // SHA-256 on this thread first (as before), then on the worker thread (what the job runs).
    const main = await packOnce("main");
    const worker = await packOnce("worker");
    const copyAfter = await plainCopy();
    const copySeconds = Math.min(copyBefore, copyAfter);

    const mbps = (bytes: number, s: number) => (bytes / MiB / s).toFixed(0);
    const [load1] = os.loadavg();
    console.log(`\n| archive figure (${count} × ${FILE_MIB} MiB = ${(totalBytes / 1024 ** 3).toFixed(2)} GiB; load average ${load1!.toFixed(1)} on ${os.cpus().length} CPUs) | value | target |`);
    console.log("|---|---:|---:|");
    console.log(`| plain storage copy (the faster of before and after the archives) | ${mbps(totalBytes, copySeconds)} MiB/s (${copyBefore.toFixed(1)} s; ${copyAfter.toFixed(1)} s) | |`);
    console.log(`| archive build, SHA-256 on the main thread | ${mbps(totalBytes, main.seconds)} MiB/s (${main.seconds.toFixed(1)} s), ${(copySeconds / main.seconds).toFixed(2)}× the copy | |`);
    console.log(`| archive build, SHA-256 on a worker thread (the job) | ${mbps(totalBytes, worker.seconds)} MiB/s (${worker.seconds.toFixed(1)} s) | |`);
    console.log(`| archive vs plain copy | ${(copySeconds / worker.seconds).toFixed(2)}× | ≥ 0.7× |`);
    console.log(`| peak RSS growth while packing (worker; main thread) | ${(worker.rssGrowth / MiB).toFixed(1)} MiB; ${(main.rssGrowth / MiB).toFixed(1)} MiB | < 100 MiB |`);
    console.log(`| archive size | ${(worker.sizeBytes / MiB).toFixed(0)} MiB (unzip -t: ${worker.tested}) | |`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Click to email for 1 GB, through the running server: POST /api/exports, the pg-boss job, the ready email in the mailbox. */
async function benchClickToEmail(app: { baseUrl: string; dataDir: string; databaseUrl: string }, cookie: string) {
  const me = (await (await fetch(`${app.baseUrl}/api/me`, { headers: { cookie } })).json()) as { user: { id: string; email: string } };
  const userId = me.user.id;
  const count = Math.round(1024 / FILE_MIB);
  const keys = seedVideoFiles(path.join(app.dataDir, "storage"), userId, count);
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2015-01-01') RETURNING id", [userId]);
    for (const [i, key] of keys.entries()) {
      await client.query(
        `WITH video AS (INSERT INTO memories (user_id, kind, title, upload_id, duration_seconds, processing_status, processing_progress)
                        VALUES ($1, 'video', $2, $3, 95, 'completed', 100) RETURNING id),
              file AS (INSERT INTO memory_files (memory_id, role, bucket, key) SELECT id, 'playable_video', 'videos', $4 FROM video)
         INSERT INTO memory_children (memory_id, child_id) SELECT id, $5 FROM video`,
        [userId, `Video ${i}`, `bench-${i}`, key, rows[0]!.id],
      );
    }
    const started = performance.now();
    const response = await fetch(`${app.baseUrl}/api/exports`, { method: "POST", headers: { cookie, origin: app.baseUrl } });
    if (response.status !== 202) throw new Error(`POST /api/exports answered ${response.status}`);
    for (;;) {
      const { rows: mail } = await client.query(`SELECT 1 FROM mailbox_messages WHERE "to" = $1 AND subject LIKE '%archive is ready%'`, [me.user.email]);
      if (mail.length > 0) break;
      if (performance.now() - started > 10 * 60_000) throw new Error("no ready email within 10 minutes");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`| click to ready email, ${count} × ${FILE_MIB} MiB = 1 GiB (server, pg-boss, mailbox) | ${seconds.toFixed(1)} s | |`);
  } finally {
    await client.end();
  }
}

export async function benchArchive(app: { baseUrl: string; dataDir: string; databaseUrl: string }, cookie: string) {
  await benchPacking();
  await benchClickToEmail(app, cookie);
}

// Kept for a quick look at the pipeline alone: `npx tsx bench/archive-bench.ts`.
if (process.argv[1]?.endsWith("archive-bench.ts")) await benchPacking();
