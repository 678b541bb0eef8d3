// `npm run bench`: measures the server under load with autocannon and prints req/s, p50/p99
// latency and each figure's ratio to a bare node:http baseline measured in the same run.
import autocannon from "autocannon";
import { INTENSITIES, TONES } from "../src/shared/pocket-dad";
import { answerFromPlaybook } from "../src/server/modules/coach/playbook/playbook-engine";
import { wordVectors } from "../src/server/modules/coach/meaning/word-vectors";
import { cpuSecondsOf, startAppServer, startBaselineServer } from "./bench-server";
import { startDatabaseBaseline } from "./bench-baselines";
import { securityHeaderList } from "../src/server/http/security-headers";
import { seedMemories } from "./bench-memories";
import { signedInCookie } from "./bench-user";
import { benchProcessing, benchUploads } from "./video-bench";
import { benchArchive } from "./archive-bench";
import { benchTranscription } from "./transcription-bench";
import { benchRecording } from "./record-bench";
import { benchDelivery } from "./delivery-bench";
import { benchPlayable } from "./playable-bench";
import { benchWorkers } from "./workers-bench";

type Result = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number; cpu?: { app: number; database: number }; baseline?: Result };
type CpuMeter = () => { app: number; database: number };

/**
 * req/s and latency swing with whatever else the machine runs; CPU time per request (the app
 * process, and the embedded PostgreSQL it started) is the steadier figure to compare changes by.
 */
async function measure(name: string, url: string, headers: Record<string, string> = {}, request: { method?: "POST"; body?: string } = {}, cpuSeconds?: CpuMeter): Promise<Result> {
  // Two seconds first, not counted: the route's code is compiled and its statements prepared, as on a running server.
  await autocannon({ url, connections: 20, duration: 2, headers, ...request });
  const before = cpuSeconds?.();
  const result = await autocannon({ url, connections: 20, duration: Number(process.env.BENCH_SECONDS ?? 8), headers, ...request });
  const after = cpuSeconds?.();
  // A database process that exits between the two readings takes its CPU time with it: never below 0.
  const perRequest = (used: number) => (Math.max(0, used) * 1e6) / Math.max(1, result.requests.total);
  const cpu = before && after ? { app: perRequest(after.app - before.app), database: perRequest(after.database - before.database) } : undefined;
  return { name, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, cpu };
}

/** Each figure's ratio is to its own baseline (a bare server doing the same work, measured in the same run); the rest to bare node:http. */
function print(results: Result[], baseline: Result) {
  console.log("\n| target | req/s | p50 ms | p99 ms | vs its baseline: req/s, CPU | errors | CPU µs/request: app + database |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const total = (r: Result) => (r.cpu ? r.cpu.app + r.cpu.database : 0);
  for (const r of results) {
    const base = r.baseline ?? baseline;
    const cpuRatio = r !== base && total(r) && total(base) ? `, ${(total(base) / total(r)).toFixed(2)}` : "";
    const ratio = r === base ? "(baseline)" : `${(r.requestsPerSecond / base.requestsPerSecond).toFixed(2)}${cpuRatio}`;
    const cpu = r.cpu ? `${Math.round(r.cpu.app)} + ${Math.round(r.cpu.database)}` : "";
    console.log(`| ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50} | ${r.p99} | ${ratio} | ${r.errors} | ${cpu} |`);
  }
}

/** What reading the word vectors (on the first Pocket Dad answer) costs: time, and memory the process keeps. */
function measureWordVectors() {
  const rss = process.memoryUsage.rss();
  const started = performance.now();
  const { size } = wordVectors();
  const ms = performance.now() - started;
  console.log(`\nWord vectors (${size} words) loaded in ${ms.toFixed(0)} ms, RSS +${((process.memoryUsage.rss() - rss) / 2 ** 20).toFixed(1)} MB (budget: <= 40 MB, start <= 2 s)`);
}

/** The Playbook engine's own latency (relevance + script), as the server runs it, over varied prompts. */
function measurePlaybook(iterations = 20_000) {
  const prompts = ["he won't go to bed", "screaming tantrum at the store", "my daughter lied about homework", "the kids fight over the remote", "our dog died", "she wants tiktok", "qwerty"];
  const timings: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    answerFromPlaybook({ prompt: prompts[i % prompts.length], tone: TONES[i % 3], intensity: INTENSITIES[(i >> 2) % 3], child: { name: "Maya", ageYears: i % 16, profileNote: "Loves dinosaurs" }, variation: i });
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))].toFixed(3);
  console.log(`\nPlaybook answer latency in-process over ${iterations} answers: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (target p99 <= 20 ms)`);
}

/**
 * `BENCH_ONLY=video npm run bench` measures the video figures alone; `BENCH_ONLY=upload` the upload
 * figures alone; `BENCH_ONLY=archive` the 'Download everything' figures alone (they write ~3 GB, so
 * they run only when asked for, or with `BENCH_ARCHIVE=on`); `BENCH_ONLY=record` the recording figures
 * alone (Chromium's fake camera, 60 s and 120 s, or the lengths in `BENCH_RECORD_SECONDS`, e.g. `60`);
 * `BENCH_ONLY=delivery` the family delivery figures alone (10,000 unlocks due at once, their own
 * embedded PostgreSQL; also with `BENCH_DELIVERY=on`); `BENCH_ONLY=dashboard` the dashboard list alone, beside
 * the bare node:http + pg server running its SQL (a quick look on a busy machine); `BENCH_ONLY=transcription` the
 * embedded transcription engine's figures alone (also measured in a full run); `BENCH_ONLY=playable` Stop -> playable and
 * upload -> playable of 60 s clips (`BENCH_PLAYABLE_SECONDS`) beside bare ffmpeg; `BENCH_ONLY=workers` a queue of 10
 * recordings (20 s each, `BENCH_WORKER_CLIP_SECONDS`) with one worker process against two. These two start app
 * processes of their own and take minutes of CPU: they run only when asked for. `BENCH_CPU_PROFILE_DIR=/tmp/prof` writes the app process's CPU
 * profile there (open it in Chrome's DevTools) to see where a row's time goes.
 */
const only = process.env.BENCH_ONLY;
if (only === "playable" || only === "workers") {
  await (only === "playable" ? benchPlayable() : benchWorkers());
  process.exit(0);
}
if (only === "delivery") {
  await benchDelivery();
  process.exit(0);
}
if (only === "transcription") {
  await benchTranscription();
  process.exit(0);
}
const archiveOnly = only === "archive";
const recordOnly = only === "record";
const dashboardOnly = only === "dashboard";
const videoOnly = only === "video" || only === "upload" || archiveOnly || recordOnly;
if (!videoOnly && !dashboardOnly) {
  measureWordVectors();
  measurePlaybook();
  await benchTranscription();
}
const baselineServer = await startBaselineServer();
const app = await startAppServer();
try {
  const cookie = await signedInCookie(app.baseUrl);
  if (!videoOnly) {
    const userId = ((await (await fetch(`${app.baseUrl}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } }).user.id;
    // The app's DATABASE_POOL_MAX (its default: the bench does not set it).
    const bare = await startDatabaseBaseline({ databaseUrl: app.databaseUrl, cookie, userId, poolMax: 20 });
    try {
      // The bare server's own CPU, and the CPU of the PostgreSQL it queries (the app's, idle meanwhile).
      const bareCpu = () => ({ app: cpuSecondsOf(bare.pid).app, database: app.cpuSeconds().database });
      /** 1,000 memories seeded, then the bare server running the dashboard list's SQL (its baseline), then the list. */
      const measureDashboard = async () => {
        await seedMemories({ baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, cookie, count: 1000 });
        const bareMemories = await measure("bare node:http + pg: /api/memories' SQL", `${bare.baseUrl}/api/memories`, {}, {}, bareCpu);
        const memories = { ...(await measure("GET /api/memories (dashboard list, 1,000 memories)", `${app.baseUrl}/api/memories`, { cookie }, {}, app.cpuSeconds)), baseline: bareMemories };
        return [bareMemories, memories] as const;
      };
      if (dashboardOnly) {
        const [bareMemories, memories] = await measureDashboard();
        print([bareMemories, memories], bareMemories);
      } else {
        const baselineCpu = () => ({ app: cpuSecondsOf(baselineServer.pid).app, database: 0 });
        const baseline = await measure("node:http baseline", `${baselineServer.baseUrl}/`, {}, {}, baselineCpu);
        // The framework's ceiling: a bare Hono app with the same headers. /healthz is compared with both.
        const honoServer = await startBaselineServer("baseline-hono.mjs", [JSON.stringify(securityHeaderList({ https: false, metaPixel: false }))]);
        const hono = { ...(await measure("bare Hono (node-server) + the same headers", `${honoServer.baseUrl}/`, {}, {}, () => ({ app: cpuSecondsOf(honoServer.pid).app, database: 0 }))), baseline };
        await honoServer.stop();
        const health = { ...(await measure("GET /healthz", `${app.baseUrl}/healthz`, {}, {}, app.cpuSeconds)), baseline };
        const healthVsHono = { ...health, name: "GET /healthz vs bare Hono", baseline: hono };
        const bareMe = await measure("bare node:http + pg: /api/me's SQL", `${bare.baseUrl}/api/me`, {}, {}, bareCpu);
        const me = { ...(await measure("GET /api/me (signed in, database)", `${app.baseUrl}/api/me`, { cookie }, {}, app.cpuSeconds)), baseline: bareMe };
        const [bareMemories, memories] = await measureDashboard();
        const pocketDad = await measure("POST /api/pocket-dad (Playbook, stored)", `${app.baseUrl}/api/pocket-dad`, { cookie, "content-type": "application/json", origin: app.baseUrl }, {
          method: "POST",
          body: JSON.stringify({ prompt: "He screams when the tablet goes off", tone: "gentle", tone_intensity: "baseline" }),
        }, app.cpuSeconds);
        print([baseline, hono, health, healthVsHono, bareMe, me, bareMemories, memories, pocketDad], baseline);
      }
    } finally {
      await bare.stop();
    }
  }
  if (archiveOnly || process.env.BENCH_ARCHIVE === "on") await benchArchive(app, cookie);
  if (!videoOnly && !dashboardOnly && process.env.BENCH_DELIVERY === "on") await benchDelivery();
  if (!archiveOnly && !recordOnly && !dashboardOnly && !process.argv.includes("--http-only")) await benchVideo(app, cookie, baselineServer);
  if (recordOnly || (!only && !process.argv.includes("--http-only"))) await benchRecord(app.baseUrl, cookie);
} finally {
  await app.stop();
  await baselineServer.stop();
}
// Every figure is printed and every server stopped: exit even if a measured library left a handle open
// (the archive figures kept the process waiting after printing them).
process.exit(0);

/** The video figures (tus upload throughput, memory per upload, processing time); skipped with `--http-only`. */
async function benchVideo(app: Awaited<ReturnType<typeof startAppServer>>, cookie: string, baseline: { baseUrl: string; pid: number }) {
  const uploads = await benchUploads({ baseUrl: app.baseUrl, baselineUrl: baseline.baseUrl, baselinePid: baseline.pid, cookie, serverPid: app.pid });
  console.log("\n| video figure | measured | target |");
  console.log("|---|---:|---:|");
  console.log(`| tus upload of 200 MB vs a bare node:http upload of the same 6 MiB PATCHes, median of 3 (${uploads.tusMBps.toFixed(0)} vs ${uploads.bareHttpMBps.toFixed(0)} MB/s) | ${uploads.tusVsBareHttp.toFixed(2)} | >= 0.9 |`);
  console.log(`| (for reference) tus upload vs same-disk copy (${uploads.copyMBps.toFixed(0)} MB/s) | ${uploads.throughputRatio.toFixed(2)} | |`);
  console.log(`| CPU seconds (server + client) per 200 MB upload | ${uploads.uploadCpuSeconds.toFixed(2)} s | |`);
  console.log(`| server CPU per 200 MB: bare node:http over the app's tus (${uploads.bareServerCpuSeconds.toFixed(2)} s vs ${uploads.tusServerCpuSeconds.toFixed(2)} s) | ${(uploads.bareServerCpuSeconds / uploads.tusServerCpuSeconds).toFixed(2)} | |`);
  console.log(`| server memory growth per concurrent upload (10 at once) | ${uploads.memoryPerUploadMiB.toFixed(1)} MiB | <= 16 MiB |`);
  if (only === "upload") return;
  const processing = await benchProcessing();
  console.log(`| processing 120 s 720p WebM (transcode), fraction of duration | ${processing.transcodeFraction.toFixed(2)} | <= 0.5 |`);
  console.log(`| transcode CPU seconds per second of video (ffmpeg, all threads) | ${processing.transcodeCpuPerSecond.toFixed(2)} | |`);
  console.log(`| processing 120 s compatible MP4 (remux: ${processing.remuxRemuxed}), fraction of duration | ${processing.remuxFraction.toFixed(3)} | <= 0.05 |`);
}

/** Stop → 'completed' and the upload overlay's time on screen for camera recordings, uploaded while recording and (before) after Save. */
async function benchRecord(baseUrl: string, cookie: string) {
  const seconds = (process.env.BENCH_RECORD_SECONDS ?? "60,120").split(",").map(Number);
  console.log("\n| recording (fake camera, 10 Mbit/s up, 20 ms) | recorded MB | Stop → saved | overlay on screen | Stop → completed | fraction of clip | target |");
  console.log("|---|---:|---:|---:|---:|---:|---|");
  await benchRecording({
    baseUrl,
    cookie,
    seconds,
    onFigure: (f) => {
      const target = f.flow === "while recording" && f.seconds >= 120 ? "<= 0.35, overlay <= 5 s" : "";
      console.log(`| ${f.seconds} s, uploaded ${f.flow} | ${f.recordedMB.toFixed(1)} | ${f.stopToSavedS.toFixed(1)} s | ${f.overlayS.toFixed(1)} s | ${f.stopToCompletedS.toFixed(1)} s | ${(f.stopToCompletedS / f.seconds).toFixed(2)} | ${target} |`);
    },
  });
}
