import { createHash, randomBytes } from "node:crypto";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "../../src/shared/videos";
import { type AppProcess, callApp, signUpOn, startAppProcess, timeUntil } from "../support/app-process";
import { startS3rver } from "../support/s3-server";
import { createTestDatabase } from "../support/test-database";
import { FAST_SCHEDULES_ENV } from "../support/test-timing";

/**
 * Two app processes (`dist/server/main.js`, as `npm start` runs it) behind one address, on one
 * PostgreSQL and one S3-compatible store: what one node does, the other sees.
 */
const APP_URL = "http://localhost:3000";
const SESSION_CACHE_SECONDS = 2;
const BUCKET = "hey-dad-two-nodes";
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let a: AppProcess;
let b: AppProcess;
let pool: pg.Pool;
let s3: S3Client;
const cleanups: Array<() => Promise<unknown>> = [];
const startedAt = Date.now();
const call: typeof callApp = (node, path, init) => callApp(node, path, { origin: APP_URL, ...init });
const signedInDad = (node: AppProcess) => signUpOn(node, { pool, origin: APP_URL });

beforeAll(async () => {
  const database = await createTestDatabase();
  const s3rver = await startS3rver(BUCKET);
  cleanups.push(() => database.drop(), () => s3rver.close());
  pool = database.pool();
  cleanups.unshift(() => pool.end());
  s3 = new S3Client({ region: "us-east-1", endpoint: s3rver.endpoint, forcePathStyle: true, credentials });
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: "two-nodes-share-this-secret-0123456789abcdef",
    SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3rver.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    ...FAST_SCHEDULES_ENV,
  };
  // Both start together, as nodes behind a load balancer do (migrations take an advisory lock).
  [a, b] = await Promise.all([startAppProcess({ env, appUrl: APP_URL }), startAppProcess({ env, appUrl: APP_URL })]);
  cleanups.unshift(() => a.kill(), () => b.kill());
}, 180_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  console.info(`two-node test: ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all`);
});

describe("two app nodes on one PostgreSQL and one S3 store", () => {
  it("a session made on one node is valid on the other; sign-out on one ends it on the other within SESSION_CACHE_SECONDS", async () => {
    const dad = await signedInDad(a);
    expect((await call(b, "/api/me", { cookie: dad.cookie })).status).toBe(200);
    expect((await call(a, "/api/me", { cookie: dad.cookie })).status).toBe(200);

    expect((await call(a, "/api/auth/sign-out", { method: "POST", cookie: dad.cookie, json: {} })).status).toBe(200);
    expect((await call(a, "/api/me", { cookie: dad.cookie })).status).toBe(401);
    const ended = await timeUntil(async () => (await call(b, "/api/me", { cookie: dad.cookie })).status === 401, SESSION_CACHE_SECONDS * 1000 + 1500, "signed out on the other node");
    expect(ended).toBeLessThanOrEqual(SESSION_CACHE_SECONDS * 1000 + 1500);
  });

  it("an upload started on one node is resumed on the other, and the stored object is the file sent", async () => {
    const dad = await signedInDad(b);
    const source = randomBytes(UPLOAD_CHUNK_BYTES + 300_000);
    const tus = { "tus-resumable": "1.0.0" };
    const created = await call(a, "/api/uploads", { method: "POST", cookie: dad.cookie, headers: { ...tus, "upload-length": String(source.length), "upload-metadata": `filetype ${btoa("video/mp4")}` } });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const patch = (node: AppProcess, from: number, to: number) =>
      call(node, location, { method: "PATCH", cookie: dad.cookie, headers: { ...tus, "upload-offset": String(from), "content-type": "application/offset+octet-stream" }, body: source.subarray(from, to) });

    const first = await patch(a, 0, UPLOAD_CHUNK_BYTES);
    expect([first.status, first.headers.get("upload-offset")]).toEqual([204, String(UPLOAD_CHUNK_BYTES)]);
    const head = await call(b, location, { method: "HEAD", cookie: dad.cookie, headers: tus });
    expect(head.headers.get("upload-offset")).toBe(String(UPLOAD_CHUNK_BYTES));
    const rest = await patch(b, UPLOAD_CHUNK_BYTES, source.length);
    expect([rest.status, rest.headers.get("upload-offset")]).toEqual([204, String(source.length)]);
    expect((await call(a, location, { method: "HEAD", cookie: dad.cookie, headers: tus })).headers.get("upload-offset")).toBe(String(source.length));

    const id = location.split("/").at(-1) ?? "";
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: `uploads/${id}` }));
    const bytes = Buffer.from(await stored.Body!.transformToByteArray());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(source).digest("hex"));
  });

  it("rate-limit counters are shared: the sign-in limit (10 a minute) holds across both nodes", async () => {
    // Counted per client address: both nodes see this test as 127.0.0.1 (earlier sign-ins count too).
    const statuses: Array<{ node: string; status: number }> = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      const node = attempt % 2 === 0 ? a : b;
      const response = await call(node, "/api/auth/sign-in/email", { method: "POST", json: { email: "nobody-two-nodes@example.com", password: "wrong-password-1" } });
      statuses.push({ node: node === a ? "a" : "b", status: response.status });
    }
    // Counted per node, 14 alternating attempts would be 7 on each: under the limit, never a 429.
    expect(statuses.filter((s) => s.status !== 429).length).toBeLessThanOrEqual(10);
    expect(statuses.slice(-2)).toEqual([
      { node: "a", status: 429 },
      { node: "b", status: 429 },
    ]);
  });

  it("a scheduled job runs once, not once per node", async () => {
    // Both nodes schedule 'expire-uploads' hourly; make it every minute and watch what runs. Each firing of the cron is
    // one pg-boss 'send-it' job (one per minute, whichever node's clock noticed it); each must start exactly one run.
    // (Counting runs per wall-clock minute is not the same thing: a firing noticed at :58 may start its run at :01.)
    await pool.query(`UPDATE pgboss.schedule SET cron = '* * * * *' WHERE name = 'expire-uploads'`);
    const counts = async () =>
      (await pool.query<{ runs: number; completed: number; firings: number; pending: number; minutes: number }>(
        `SELECT
           (SELECT count(*)::int FROM pgboss.job WHERE name = 'expire-uploads') AS runs,
           (SELECT count(*)::int FROM pgboss.job WHERE name = 'expire-uploads' AND state = 'completed') AS completed,
           count(*) FILTER (WHERE state = 'completed')::int AS firings,
           count(*) FILTER (WHERE state <> 'completed')::int AS pending,
           count(DISTINCT singleton_on)::int AS minutes
         FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = 'expire-uploads'`,
      )).rows[0];
    await timeUntil(async () => (await counts()).completed >= 1, 100_000, "the scheduled job's first run");
    // Both nodes' schedulers look every SCHEDULE_CHECK_SECONDS (1 s in tests, 30 s in production) and hand a firing
    // over within it: five looks on, a second copy would have been sent and started.
    await new Promise((resolve) => setTimeout(resolve, 5 * Number(FAST_SCHEDULES_ENV.SCHEDULE_CHECK_SECONDS) * 1000));
    await timeUntil(async () => (await counts()).pending === 0, 30_000, "every firing handed over");
    const { runs, firings, minutes } = await counts();
    expect(firings).toBeGreaterThanOrEqual(1);
    expect(minutes).toBe(firings);
    expect(runs).toBe(firings);
  });

  // An unlock event recorded once with two nodes running the unlock job at the same moment is proven where the job
  // lives: src/server/modules/memories/memories.unlocks.test.ts ('are recorded exactly once with two app nodes').
});
