import { execFileSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { startAppProcess } from "./app-process";
import { closeAfterFile } from "./close-after-file";
import { createTestDatabase } from "./test-database";
import { TEST_TIMING_ENV } from "./test-timing";

/**
 * The environment of the server a test worker shares between its end-to-end files: the tests' short waits and no
 * rate limits (every file's dads sign in from the same address, and the limits have their own server tests).
 */
const SHARED_SERVER_ENV: Record<string, string> = { ...TEST_TIMING_ENV, RATE_LIMIT: "off" };

/** The worker's shared server lives on globalThis: the end-to-end files run one after another in one worker (isolate: false). */
const sharedServerKey = Symbol.for("heydad.e2e.sharedServer");
type WorkerGlobal = typeof globalThis & { [sharedServerKey]?: Promise<E2eServer> };

/**
 * The real server as a separate process (startAppProcess: `dist/server/main.js`, the compiled bundle
 * `npm start` runs) over its own test database and data folder, serving the built web app at localhost.
 * Without a special `env` (nothing, or only values the shared server has anyway) it is the test worker's shared
 * server, started by the first file that asks and ended with the worker: its data is every file's, so a test finds
 * its own rows by its own dad (unique emails), never by being alone in the database. A file that needs another
 * environment gets a server of its own, closed when the file ends.
 */
export async function startE2eServer(env: Record<string, string> = {}) {
  if (Object.entries(env).every(([name, value]) => SHARED_SERVER_ENV[name] === value)) {
    const worker = globalThis as WorkerGlobal;
    worker[sharedServerKey] ??= openE2eServer(SHARED_SERVER_ENV, closeWithWorker);
    // A failed start is not kept: the next file tries again.
    return worker[sharedServerKey].catch((error: unknown) => {
      worker[sharedServerKey] = undefined;
      throw error;
    });
  }
  return openE2eServer(env, (server) => closeAfterFile(() => server.close()));
}

/** The shared server ends with its worker process (exit-with-test-worker.cjs ends it too if the worker is killed). */
function closeWithWorker(server: { kill: () => void; dataDir: string }) {
  process.once("exit", () => {
    server.kill();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });
}

async function openE2eServer(env: Record<string, string>, registerClose: (server: { close: () => Promise<void>; kill: () => void; dataDir: string }) => void) {
  if (!fs.existsSync("dist/web/index.html")) throw new Error("The web app is not built: run `npm run build` (npm test does it first).");
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-e2e-"));
  const app = await startAppProcess({ host: "localhost", env: { DATABASE_URL: database.url, DATA_DIR: dataDir, ...env } });
  const { baseUrl, output } = app;

  const pool = database.pool();
  registerClose({
    dataDir,
    kill: () => app.child.kill("SIGTERM"),
    close: async () => {
      await app.kill();
      await pool.end();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });

  return {
    baseUrl,
    /** DATA_DIR of the server (tus uploads in progress are under uploads/). */
    dataDir,
    databaseUrl: database.url,
    pool,
    output,
    /** The newest message to `to` in the development mailbox, waiting for the job queue. */
    async latestEmail(to: string, subjectIncludes = "") {
      const until = Date.now() + 15_000;
      while (Date.now() < until) {
        const { rows } = await pool.query(
          "SELECT id, subject, text FROM mailbox_messages WHERE \"to\" = $1 AND subject LIKE $2 ORDER BY created_at DESC LIMIT 1",
          [to, `%${subjectIncludes}%`],
        );
        if (rows[0]) return rows[0] as { id: string; subject: string; text: string };
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error(`No email to ${to} arrived`);
    },
  };
}

export type E2eServer = Awaited<ReturnType<typeof openE2eServer>>;

/** The password of every dad the tests make. */
export const TEST_PASSWORD = "correct-horse-1";

const ID_CHARACTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/**
 * Ids and tokens as better-auth makes them: 32 random letters and digits. A dad's id names his folder in storage;
 * base64url ids began with '-' one time in 64, a file name storage refuses, and failed that dad's uploads.
 */
const randomToken = () => Array.from(randomBytes(32), (byte) => ID_CHARACTERS[byte % ID_CHARACTERS.length]).join("");

/**
 * TEST_PASSWORD hashed as better-auth hashes it (scrypt, about 0.1 s of a core), once per test worker: a salted hash
 * verifies whichever dad holds it, and a new one per dad proved nothing new.
 */
let testPasswordHash: Promise<string> | undefined;
const hashedTestPassword = () => {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
};

/**
 * A dad whose address is confirmed (password TEST_PASSWORD), written to the database as better-auth writes a user and
 * his password account, without sign-up, the email and its link: for every test that is not about signing up (those
 * go through the real pages). Returns his id.
 */
export async function createConfirmedDad(server: E2eServer, email: string, options: { timeZone?: string } = {}) {
  const userId = randomToken();
  await server.pool.query("INSERT INTO users (id, email, email_verified, time_zone) VALUES ($1, $2, true, $3)", [userId, email.toLowerCase(), options.timeZone ?? "UTC"]);
  await server.pool.query("INSERT INTO accounts (id, account_id, provider_id, user_id, password) VALUES ($1, $2, 'credential', $2, $3)", [
    randomToken(),
    userId,
    await hashedTestPassword(),
  ]);
  return userId;
}

/**
 * A new session of the dad, written as better-auth writes one, and its cookie signed with the server's secret as
 * better-auth signs it (`token.base64(HMAC-SHA256)`): what a sign-in leaves, without the sign-in.
 */
export async function sessionCookie(server: E2eServer, userId: string) {
  const token = randomToken();
  await server.pool.query("INSERT INTO sessions (id, token, user_id, expires_at) VALUES ($1, $2, $3, now() + interval '30 days')", [randomToken(), token, userId]);
  // The server's AUTH_SECRET when the run sets one, otherwise the one it generated in its DATA_DIR (auth-secret.ts).
  const secret = process.env.AUTH_SECRET || fs.readFileSync(path.join(server.dataDir, "auth-secret"), "utf8").trim();
  return { name: "better-auth.session_token", value: encodeURIComponent(`${token}.${createHmac("sha256", secret).update(token).digest("base64")}`) };
}

/** The dad signed in in the page's browser context (a new session's cookie, sessionCookie), as after signing in. */
export async function signInAs(server: E2eServer, page: Page, userId: string) {
  await page.context().addCookies([{ ...(await sessionCookie(server, userId)), url: server.baseUrl, httpOnly: true, sameSite: "Lax" }]);
}

/** A new confirmed dad (createConfirmedDad) signed in in the page (signInAs), not yet on any page. Returns his id. */
export async function signedInDad(server: E2eServer, page: Page, email: string, options: { timeZone?: string } = {}) {
  const userId = await createConfirmedDad(server, email, options);
  await signInAs(server, page, userId);
  return userId;
}

/**
 * Waits until a job has written the dad's notification of this type (a worker's, or one sent by another client), so the
 * page that shows it is loaded once, rather than reloaded until its bell changes.
 */
export async function untilNotified(server: E2eServer, userId: string, type: string, timeout: number) {
  const count = async () => (await server.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = $2", [userId, type])).rows[0].n;
  await expect.poll(count, { timeout, interval: 250 }).toBe(1);
}

/** A new confirmed dad (signedInDad) on /dashboard in the page. Returns his id. */
export async function signUpConfirmed(server: E2eServer, page: Page, email: string, options: { timeZone?: string } = {}) {
  const userId = await signedInDad(server, page, email, options);
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.waitForURL(/\/dashboard/);
  return userId;
}

/** A new dad (signed in, in this page, not yet on any page) with one child, Maya. Returns his id. */
export async function dadWithMaya(server: E2eServer, page: Page) {
  const email = `walk${Date.now()}${Math.round(Math.random() * 1e6)}@example.com`;
  await signedInDad(server, page, email);
  const { rows } = await server.pool.query("SELECT id FROM users WHERE email = $1", [email]);
  await server.pool.query("INSERT INTO children (user_id, name, birthdate) VALUES ($1, 'Maya', '2015-04-02')", [rows[0].id]);
  return rows[0].id as string;
}

/**
 * A six-second video as the processing job leaves it: its MP4 (made by ffmpeg) in the server's storage and its
 * memory and playable_video rows. Returns the memory's id.
 */
export async function storeProcessedVideo(server: E2eServer, userId: string, title: string) {
  const key = `${userId}/${crypto.randomUUID()}.mp4`;
  fs.mkdirSync(path.join(server.dataDir, "storage", "videos", userId), { recursive: true });
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=10:duration=6", "-f", "lavfi", "-i", "sine=duration=6", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-movflags", "+faststart", path.join(server.dataDir, "storage", "videos", key)]);
  const memory = await server.pool.query("INSERT INTO memories (user_id, kind, title, processing_status, duration_seconds) VALUES ($1, 'video', $2, 'completed', 6) RETURNING id", [userId, title]);
  const id = memory.rows[0].id as string;
  await server.pool.query("INSERT INTO memory_files (memory_id, role, bucket, key, content_type) VALUES ($1, 'playable_video', 'videos', $2, 'video/mp4')", [id, key]);
  return id;
}
