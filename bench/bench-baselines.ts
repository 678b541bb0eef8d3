// The database baselines of `npm run bench`: what a bare node:http + pg server doing the same SQL as an app
// route allows here. The statements are recorded by running the app's own repositories against the bench
// database (so the baseline follows the app's SQL when it changes), then replayed by bench/baseline-pg-server.mjs.
import { spawn } from "node:child_process";
import { createDatabase } from "../src/server/db/client";
import { createSessionsRepository } from "../src/server/modules/auth/auth.repository";
import { createBillingRepository } from "../src/server/modules/billing/billing.repository";
import { createMemoriesRepository } from "../src/server/modules/memories/memories.repository";
import { createProfilesRepository } from "../src/server/modules/profiles/profiles.repository";
import { freePort, waitFor } from "./bench-server";

type Statement = { name?: string; text: string; rowMode?: string; values?: unknown[] };

/** The session token inside better-auth's signed cookie (`token.signature`, URL-encoded). */
function sessionTokenOf(cookie: string) {
  const value = decodeURIComponent(/better-auth\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "");
  return value.slice(0, value.lastIndexOf("."));
}

/** Runs each step's repository calls and keeps the statements they sent, step by step. */
async function recordRoutes(databaseUrl: string, userId: string, token: string) {
  const { db, pool } = createDatabase({ url: databaseUrl, max: 1 });
  let recording: Statement[] = [];
  type Query = (config: unknown, values?: unknown[]) => Promise<unknown>;
  const query = pool.query.bind(pool) as Query;
  (pool as unknown as { query: Query }).query = (config, values) => {
    const c = (typeof config === "string" ? { text: config } : config) as Statement;
    recording.push({ name: c.name, text: c.text, rowMode: c.rowMode, values: values ?? c.values });
    return query(config, values);
  };
  const steps = async (...calls: Array<() => Promise<unknown>>) => {
    const recorded: Statement[][] = [];
    for (const call of calls) {
      recording = [];
      await call();
      recorded.push(recording);
    }
    return recorded;
  };
  const sessions = createSessionsRepository(db);
  const profiles = createProfilesRepository(db);
  const billing = createBillingRepository(db);
  const memories = createMemoriesRepository(db);
  try {
    return {
      // GET /api/me: the session, then the profile and the access facts together (profiles.usecases getMe).
      "/api/me": await steps(() => sessions.findByToken(token), () => Promise.all([profiles.findById(userId), billing.accessFacts(userId)])),
      // GET /api/memories: the session, then the first page (24 cards, one more to know there is a next page).
      "/api/memories": await steps(() => sessions.findByToken(token), () => memories.listPage({ userId, kind: null, childId: null, cursor: null, limit: 25 })),
    };
  } finally {
    await pool.end();
  }
}

/** Starts the bare node:http + pg server for the signed-in bench user; `poolMax` is the app's DATABASE_POOL_MAX. */
export async function startDatabaseBaseline(input: { databaseUrl: string; cookie: string; userId: string; poolMax: number }) {
  const routes = await recordRoutes(input.databaseUrl, input.userId, sessionTokenOf(input.cookie));
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ["bench/baseline-pg-server.mjs", JSON.stringify({ port, databaseUrl: input.databaseUrl, poolMax: input.poolMax, routes })], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => output.push(c.toString()));
  child.stderr?.on("data", (c: Buffer) => output.push(c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(baseUrl, child, output);
  return { baseUrl, pid: child.pid ?? 0, stop: async () => void child.kill("SIGTERM") };
}
