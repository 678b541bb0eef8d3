import { createApp } from "../../src/server/app";
import { parseConfig } from "../../src/server/config";
import { createDatabase } from "../../src/server/db/client";
import { startJobQueue } from "../../src/server/jobs/job-queue";
import { mailboxMessages } from "../../src/server/modules/email/email.table";
import { createServices } from "../../src/server/services";
import { closeAfterFile } from "./close-after-file";
import { createTestDatabase } from "./test-database";
import { TEST_TIMING_ENV } from "./test-timing";

export const TEST_ORIGIN = "http://localhost:3000";
/** The auth secret of every test app (tests that write better-auth's encrypted columns need it). */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

/**
 * The real app over a fresh real database for one test file: real migrations, real
 * better-auth, real pg-boss. Requests go through `app.request()`. Closed after the file.
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const running = await startAppOn({ url: database.url, env });
  closeAfterFile(async () => {
    await running.stop();
    await database.drop();
  });
  return { ...running, databaseUrl: database.url };
}

/** The app over an existing database; `stop()` closes its queue and pool (a process restart is stop, then start again). */
export async function startAppOn(options: { url: string; env?: Record<string, string> }) {
  const config = parseConfig({ NODE_ENV: "test", APP_URL: TEST_ORIGIN, DATA_DIR: "./data/test", ...TEST_TIMING_ENV, ...options.env });
  const { db, pool } = createDatabase({ url: options.url, max: 5 });
  // APP_ROLE=web holds heavy jobs (video processing) back, as a node with no worker beside it would.
  const jobs = await startJobQueue({ url: options.url, log: () => {}, timing: config.jobTiming, takes: config.role.takes });
  const services = await createServices({ config, db, pool, jobs, authSecret: TEST_AUTH_SECRET, log: () => {} });
  const app = createApp({ services, logger: { info: () => {}, error: (message, error) => console.error(message, error) } });
  const stop = async () => {
    await jobs.stop();
    await pool.end();
  };
  return { app, services, db, pool, config, stop };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** JSON request through the app, with the browser's Origin (better-auth checks it). */
export function jsonRequest(testApp: TestApp, method: string, path: string, options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {}) {
  return testApp.app.request(path, {
    method,
    headers: {
      origin: TEST_ORIGIN,
      ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
}

/** Waits for a message to `to` in the development mailbox (emails go through the job queue). */
export async function waitForEmail(testApp: TestApp, to: string, options: { subjectIncludes?: string; timeoutMs?: number } = {}) {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  while (Date.now() < deadline) {
    const messages = await testApp.db.select().from(mailboxMessages);
    const found = messages
      .filter((m) => m.to === to && (!options.subjectIncludes || m.subject.includes(options.subjectIncludes)))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email to ${to} arrived within the time limit`);
}

export function linkFrom(text: string) {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No link in: ${text}`);
  return match[0];
}

/** Session cookie(s) from a response's Set-Cookie headers, ready to send back. */
export function cookiesFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

let counter = 0;
/** A confirmed, signed-in user created directly (as a fixture): returns its id, email and cookie. */
export async function createSignedInUser(testApp: TestApp, options: { email?: string; password?: string; timeZone?: string } = {}) {
  const email = options.email ?? `dad${Date.now()}${counter++}@example.com`;
  const password = options.password ?? "correct-horse-1";
  const signUp = await testApp.services.auth.api.signUpEmail({ body: { email, password, name: "", timeZone: options.timeZone ?? "UTC" } });
  await testApp.services.auth.$context.then((ctx) => ctx.internalAdapter.updateUser(signUp.user.id, { emailVerified: true }));
  const response = await testApp.services.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  return { id: signUp.user.id, email, password, cookie: cookiesFrom(response) };
}
