import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl } from "../../src/server/db/embedded-postgres";
import { type AppProcess, callApp, freePort, isReady, startAppProcess, timeUntil } from "../support/app-process";

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-supervised-"));
  fs.chmodSync(dir, 0o755);
  dataDirs.push(dir);
  return dir;
};
const dataDir = newDataDir();
const apps: AppProcess[] = [];
afterAll(async () => {
  for (const app of apps) await app.kill("SIGTERM");
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The running server's pid; 0 while there is none (between the kill and the restart). */
const postmasterPid = (dir = dataDir) => {
  // Read at once, not after a check: a stopping server removes its lock file between the two.
  try {
    return Number(fs.readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return 0;
  }
};

describe("an app on its embedded PostgreSQL (no DATABASE_URL), as npm start runs it", () => {
  it("brings the database back when it is killed: /readyz answers 200 again within 10 s", async () => {
    const app = await startAppProcess({ env: { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()), DATABASE_URL: "" } });
    apps.push(app);
    const killed = postmasterPid();
    process.kill(killed, "SIGKILL");
    const back = await timeUntil(async () => ![0, killed].includes(postmasterPid()) && (await isReady(app.baseUrl)), 10_000, "/readyz 200 after the database was killed");
    expect(back).toBeLessThan(10_000);
    console.info(`embedded PostgreSQL killed: /readyz 200 again after ${back} ms`);
    expect(app.output.join("")).toContain("The embedded PostgreSQL stopped (SIGKILL); restarting it.");
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    // The app still works on it: an API call that reads the database.
    expect((await fetch(`${app.baseUrl}/api/config`)).status).toBe(200);
  });

  it("exits non-zero when the database cannot come back, so a process manager restarts the app", { timeout: 120_000 }, async () => {
    const dir = newDataDir();
    // Three quick attempts are enough to see it give up; production's back-off (about 30 s) is not what is tested here.
    const app = await startAppProcess({ env: { DATA_DIR: dir, EMBEDDED_POSTGRES_PORT: String(await freePort()), DATABASE_URL: "", EMBEDDED_POSTGRES_RESTART_DELAYS_MS: "50,100,200" } });
    apps.push(app);
    // A data folder PostgreSQL refuses to start from: every restart attempt fails.
    fs.rmSync(path.join(dir, "postgres", "PG_VERSION"));
    process.kill(postmasterPid(dir), "SIGKILL");
    const code = await Promise.race([app.exited, new Promise((resolve) => setTimeout(() => resolve("still running after 90 s"), 90_000))]);
    expect(code).toBe(1);
    expect(app.output.join("")).toContain("could not be restarted");
    expect(app.output.join("")).toContain("Exiting so that a process manager can restart the app.");
  });
});

describe("a database restart while a job is finishing", () => {
  /** Connections of the test's own, which die with the server (their errors are expected then); all closed at the end. */
  const clients: pg.Client[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.end().catch(() => {}))));
  async function connect(url: string) {
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => {});
    clients.push(client);
    await client.connect();
    return client;
  }
  const killIfRunning = (pid: number) => {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  /** A failed email waits 5 s or more before its retry: the test brings the retries forward instead of waiting. */
  const retryNow = (client: pg.Client) => client.query(`UPDATE pgboss.job SET start_after = now() WHERE name = 'send-email' AND state = 'retry'`);
  const emailJobsPending = async (client: pg.Client) =>
    (await client.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'send-email' AND state IN ('created', 'retry', 'active')`)).rows[0].n as number;
  const waitingOn = async (client: pg.Client, statement: string) =>
    (await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE $1`, [`%${statement}%`])).rows[0].n > 0;

  it("never ends the app: ten restarts in a row while a job completes or fails, /healthz answers throughout, /readyz within 30 s, each email sent once", { timeout: 240_000 }, async () => {
    const dir = newDataDir();
    const port = await freePort();
    const url = embeddedDatabaseUrl(port);
    const app = await startAppProcess({ env: { DATA_DIR: dir, EMBEDDED_POSTGRES_PORT: String(port), DATABASE_URL: "", RATE_LIMIT: "off" } });
    apps.push(app);

    // Liveness as a load balancer checks it, every 100 ms; on this shared 2-core machine an answer may take a few seconds.
    const notAlive: string[] = [];
    let slowestMs = 0;
    let probing = true;
    const liveness = (async () => {
      while (probing) {
        const askedAt = Date.now();
        const answer = await fetch(`${app.baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) }).then((response) => String(response.status), (error: Error) => error.message);
        slowestMs = Math.max(slowestMs, Date.now() - askedAt);
        if (answer !== "200") notAlive.push(answer);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const addresses: string[] = [];
    const readyAgainMs: number[] = [];
    for (let round = 0; round < 10; round++) {
      // Even rounds stop the database while a job's completion is being written, odd rounds while its failure is; half
      // the stops are a kill, half a fast shutdown.
      const completing = round % 2 === 0;
      const signal: NodeJS.Signals = round % 4 < 2 ? "SIGKILL" : "SIGINT";
      const [holder, rowHolder, watcher] = await Promise.all([connect(url), connect(url), connect(url)]);
      // Each round starts on a quiet queue: the retry of an earlier round's failed email is brought forward and done.
      await timeUntil(async () => (await retryNow(watcher), await emailJobsPending(watcher)) === 0, 20_000, `round ${round}: the earlier emails sent`);
      // The dev mailbox is where the confirmation email's job writes: holding its table keeps that job in hand.
      await holder.query("BEGIN");
      await holder.query("LOCK TABLE mailbox_messages IN SHARE MODE");
      const email = `restart-${round}-${Date.now()}@example.com`;
      addresses.push(email);
      const signUp = await callApp(app, "/api/auth/sign-up/email", { method: "POST", json: { email, password: "correct-horse-1", name: "" } });
      expect(signUp.status).toBe(200);
      await timeUntil(() => waitingOn(watcher, 'insert into "mailbox_messages"'), 20_000, `round ${round}: the email job is running`);
      // Holding the job's row makes the write of its outcome wait, so the database stops in the middle of it.
      const { rows } = await watcher.query(`SELECT id FROM pgboss.job WHERE name = 'send-email' AND data->>'to' = $1`, [email]);
      await rowHolder.query("BEGIN");
      await rowHolder.query("SELECT 1 FROM pgboss.job WHERE id = $1 FOR UPDATE", [rows[0].id]);
      // The job fails when its write to the mailbox is cut off.
      if (!completing) await watcher.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE 'insert into "mailbox_messages"%'`);
      await holder.query("COMMIT");
      const outcome = completing ? "SET completed_on = now()" : "DELETE FROM pgboss.job";
      await timeUntil(() => waitingOn(watcher, outcome), 20_000, `round ${round}: the job's ${completing ? "completion" : "failure"} is being written`);
      const stopped = postmasterPid(dir);
      // A kill takes the server's backends with it at once (as a crash of the machine would); a fast shutdown ends them
      // itself, and may let the held outcome through first.
      const backends = fs.readFileSync(`/proc/${stopped}/task/${stopped}/children`, "utf8").split(" ").filter(Boolean).map(Number);
      process.kill(stopped, signal);
      if (signal === "SIGKILL") for (const backend of backends) killIfRunning(backend);
      await Promise.all([holder, rowHolder, watcher].map((client) => client.end().catch(() => {})));
      const ready = async () => {
        if (app.child.exitCode !== null) throw new Error(`round ${round}: the app exited (code ${app.child.exitCode}):\n${app.output.join("").slice(-3000)}`);
        return ![0, stopped].includes(postmasterPid(dir)) && (await isReady(app.baseUrl));
      };
      readyAgainMs.push(await timeUntil(ready, 30_000, `round ${round}: /readyz 200 after the database stopped (${signal})`));
      expect(app.child.exitCode, app.output.join("")).toBeNull();
    }
    console.info(`ten database stops while a job finished: /readyz 200 again after ${readyAgainMs.join(", ")} ms`);

    // Every email is in the mailbox exactly once: a completion that could not be written was written once the database
    // was back (the job did not run again), a failure was recorded and its retry delivered the email.
    const client = await connect(url);
    try {
      const counts = async () => (await client.query(`SELECT "to", count(*)::int AS n FROM mailbox_messages WHERE "to" = ANY($1) GROUP BY "to"`, [addresses])).rows as Array<{ to: string; n: number }>;
      await timeUntil(async () => (await retryNow(client), (await counts()).length === addresses.length), 30_000, "every email delivered after the restarts");
      expect((await counts()).every((row) => row.n === 1), JSON.stringify(await counts())).toBe(true);
    } finally {
      await client.end();
    }
    probing = false;
    await liveness;
    console.info(`/healthz during the restarts: ${notAlive.length} failed, slowest answer ${slowestMs} ms`);
    expect(notAlive).toEqual([]);
    const log = app.output.join("");
    const recordedLate = { completions: log.match(/job queue: recorded send-email job \S+ as completed after \d+ tries/g) ?? [], failures: log.match(/job queue: recorded the failure of send-email job \S+ after \d+ tries/g) ?? [] };
    console.info(`outcomes written once the database was back: ${recordedLate.completions.length} completions, ${recordedLate.failures.length} failures`);
    // The six killed rounds at least: three completions and three failures were written only after the restart.
    expect(recordedLate.completions.length).toBeGreaterThanOrEqual(3);
    expect(recordedLate.failures.length).toBeGreaterThanOrEqual(3);
  });
});

