import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { type AppProcess, callApp, freePort, isReady, signUpOn, startAppProcess, timeUntil } from "../support/app-process";
import { createTestDatabase } from "../support/test-database";

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** Sends a PATCH's headers and `bytes`, then leaves the connection open (the app is about to be killed). */
function startPatch(port: number, input: { location: string; cookie: string; offset: number; declared: number; bytes: Buffer }) {
  const socket = net.connect(port, "127.0.0.1", () => {
    socket.write(
      [`PATCH ${input.location} HTTP/1.1`, `host: 127.0.0.1:${port}`, `origin: http://127.0.0.1:${port}`, `cookie: ${input.cookie}`, "tus-resumable: 1.0.0", `upload-offset: ${input.offset}`,
        "content-type: application/offset+octet-stream", `content-length: ${input.declared}`, "", ""].join("\r\n"),
    );
    socket.write(input.bytes);
  });
  socket.on("error", () => {});
  return socket;
}

describe("faults", () => {
  it("kill -9 of the app in the middle of an upload, 10 times: each restart resumes from what was stored, and the file's sha256 is the source's", async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-faults-"));
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    cleanups.push(() => database.drop(), async () => fs.rmSync(dataDir, { recursive: true, force: true }), () => pool.end());
    const port = await freePort();
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, AUTH_SECRET: "faults-test-secret-0123456789abcdef-0123" };
    let app: AppProcess = await startAppProcess({ env, port });
    cleanups.push(() => app.kill());

    const dad = await signUpOn(app, { pool });
    const rounds = 10;
    const slice = 256 * 1024;
    const source = randomBytes(slice * (rounds + 1) + 777);
    const tus = { "tus-resumable": "1.0.0" };
    const created = await callApp(app, "/api/uploads", { method: "POST", cookie: dad.cookie, headers: { ...tus, "upload-length": String(source.length) } });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const storedFile = path.join(dataDir, "uploads", location.split("/").at(-1)!);
    const headOffset = async () => Number((await callApp(app, location, { method: "HEAD", cookie: dad.cookie, headers: tus })).headers.get("upload-offset"));

    const startedAt = Date.now();
    const offsets: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const offset = await headOffset();
      offsets.push(offset);
      // A PATCH that declares the rest of the file, sends part of it, and the app dies under it.
      const socket = startPatch(port, { location, cookie: dad.cookie, offset, declared: source.length - offset, bytes: source.subarray(offset, offset + slice) });
      // Killed once the app has written some of this PATCH's bytes, in the middle of its body.
      await timeUntil(async () => fs.statSync(storedFile).size > offset, 10_000, `round ${round}: bytes of the PATCH on disk`);
      expect(await app.kill("SIGKILL")).toBeNull();
      socket.destroy();
      app = await startAppProcess({ env, port });
    }
    const resumeFrom = await headOffset();
    expect(resumeFrom).toBeGreaterThanOrEqual(offsets.at(-1)!);
    const rest = await callApp(app, location, {
      method: "PATCH",
      cookie: dad.cookie,
      headers: { ...tus, "upload-offset": String(resumeFrom), "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(source.subarray(resumeFrom)),
    });
    expect([rest.status, rest.headers.get("upload-offset")]).toEqual([204, String(source.length)]);

    const stored = fs.readFileSync(storedFile);
    expect(createHash("sha256").update(stored).digest("hex")).toBe(createHash("sha256").update(source).digest("hex"));
    // Every round kept what the killed app had written, and the next went on from there.
    expect(offsets.every((offset, round) => round === 0 || offset > offsets[round - 1])).toBe(true);
    console.info(`faults: ${rounds} kill -9 rounds in ${((Date.now() - startedAt) / 1000).toFixed(1)} s, offsets ${offsets.join(", ")}`);
  }, 600_000);

  it("the database stopped for a few seconds under load: the app survives, answers within 10 s of its return, and no queued job is lost", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-faults-pg-"));
    fs.chmodSync(dir, 0o755);
    const dbPort = await freePort();
    let database = await startEmbeddedPostgres({ dir: path.join(dir, "data"), port: dbPort });
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }), () => database.stop());
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on("error", () => {});
    cleanups.push(() => pool.end());
    const app = await startAppProcess({ env: { DATABASE_URL: database.url, DATA_DIR: path.join(dir, "app"), AUTH_SECRET: "faults-test-secret-0123456789abcdef-0123" } });
    cleanups.push(() => app.kill());
    const dad = await signUpOn(app, { pool });

    // Emails queued to go out in the middle of the outage.
    const boss = new PgBoss({ connectionString: database.url, supervise: false, schedule: false, migrate: false });
    boss.on("error", () => {});
    await boss.start();
    const queued = Array.from({ length: 20 }, (_, index) => `queued-${index}-${randomBytes(3).toString("hex")}@example.com`);
    for (const to of queued) await boss.send("send-email", { to, subject: "Queued before the outage", html: "<p>hi</p>", text: "hi" }, { startAfter: 2 });
    // Each is due 2 s after it was queued: all of them by 2 s after the last.
    const dueAt = Date.now() + 2000;
    await boss.stop({ graceful: false, wait: true, timeout: 1000 });

    // Load: signed-in requests that read the database, 8 at a time, through the outage.
    let loading = true;
    const answered: number[] = [];
    const load = Array.from({ length: 8 }, async () => {
      while (loading) {
        const status = await callApp(app, "/api/me", { cookie: dad.cookie }).then((r) => r.status, () => 0);
        answered.push(status);
      }
    });

    await timeUntil(async () => answered.includes(200), 10_000, "the app answering under load");
    await database.stop();
    // Stopped until the queued emails are due and the app has answered the load without its database.
    const outageFrom = answered.length;
    await timeUntil(async () => Date.now() > dueAt && answered.slice(outageFrom).some((status) => status >= 500), 10_000, "errors answered during the outage");
    expect(app.child.exitCode).toBeNull();
    database = await startEmbeddedPostgres({ dir: path.join(dir, "data"), port: dbPort });
    const back = await timeUntil(async () => (await isReady(app.baseUrl)) && (await callApp(app, "/api/me", { cookie: dad.cookie })).status === 200, 10_000, "the app answering after the database's return");
    loading = false;
    await Promise.all(load);

    expect(app.child.exitCode).toBeNull();
    expect(answered.filter((status) => status === 200).length).toBeGreaterThan(0);
    // During the outage: errors, never a dropped connection (0) from a crashed process.
    expect(answered.filter((status) => status === 0)).toEqual([]);
    await timeUntil(async () => {
      const { rows } = await pool.query(`SELECT count(DISTINCT "to")::int AS n FROM mailbox_messages WHERE "to" = ANY($1)`, [queued]);
      return rows[0].n === queued.length;
    }, 60_000, "every queued email delivered");
    console.info(`faults: the app answered ${back} ms after the database came back; ${answered.length} requests during the test`);
  }, 300_000);
});
