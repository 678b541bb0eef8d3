import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import { freePort } from "../../bench/bench-server";
import { UPLOAD_CHUNK_BYTES } from "../../src/shared/videos";
import { TEST_TIMING_ENV } from "./test-timing";

const EXIT_WITH_TEST_WORKER = fileURLToPath(new URL("exit-with-test-worker.cjs", import.meta.url));

/** A free loopback port (the bench finds its ports the same way). */
export { freePort };

export type AppProcess = Awaited<ReturnType<typeof startAppProcess>>;

/**
 * The server as `npm start` runs it (the compiled `dist/server/main.js` in its own process), on `port` or a free
 * one, with the tests' short waits (TEST_TIMING_ENV), waiting until /readyz answers 200. No built web app is needed for the API. `kill()` ends it
 * with any signal; `exited` resolves with its exit code. `host` names it in its base URL (a browser's
 * journey uses localhost, as a dad's address bar would).
 */
export async function startAppProcess(options: { env: Record<string, string>; port?: number; appUrl?: string; host?: string }) {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const output: string[] = [];
  if (!fs.existsSync("dist/server/main.js")) throw new Error("The server is not compiled: run `npm run build` (npm test does it first).");
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "--require", EXIT_WITH_TEST_WORKER, "dist/server/main.js"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), APP_URL: options.appUrl ?? baseUrl, ...TEST_TIMING_ENV, ...options.env },
    // The IPC channel is how the app notices that this test worker is gone (exit-with-test-worker.cjs).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  // Migrations and pg-boss's start can take a while on a busy 2-core machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output.join("")}`);
    if (await isReady(baseUrl)) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not become ready:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    port,
    baseUrl,
    output,
    child,
    exited,
    kill: async (signal: NodeJS.Signals = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export const isReady = (baseUrl: string) => fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);

/** Milliseconds until `check` holds, polling every 100 ms; throws after `ms`. */
export async function timeUntil(check: () => Promise<boolean>, ms: number, what: string) {
  const startedAt = Date.now();
  while (!(await check())) {
    if (Date.now() - startedAt > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - startedAt;
}

/** A request to one app process as a browser on `origin` sends it (redirects are not followed). */
export function callApp(
  node: { baseUrl: string },
  path: string,
  init: { origin?: string; method?: string; cookie?: string; json?: unknown; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> } = {},
) {
  return fetch(`${node.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      origin: init.origin ?? node.baseUrl,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: "manual",
  });
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Signs a new dad up on `node`, confirms the address with the link from the development mailbox (read through `pool`), signs in. */
export async function signUpOn(node: { baseUrl: string }, options: { pool: pg.Pool; origin?: string }) {
  const email = `dad-${randomBytes(5).toString("hex")}@example.com`;
  const password = "correct-horse-1";
  const signUp = await callApp(node, "/api/auth/sign-up/email", { origin: options.origin, method: "POST", json: { email, password, name: "" } });
  if (signUp.status !== 200) throw new Error(`Sign-up answered ${signUp.status}`);
  let link = "";
  await timeUntil(async () => {
    const { rows } = await options.pool.query(`SELECT text FROM mailbox_messages WHERE "to" = $1`, [email]);
    link = (rows[0]?.text as string | undefined)?.match(/https?:\/\/\S+/)?.[0] ?? "";
    return link !== "";
  }, 20_000, "confirmation email");
  const confirm = new URL(link);
  const confirmed = await callApp(node, `${confirm.pathname}${confirm.search}`, { origin: options.origin });
  if (confirmed.status >= 400) throw new Error(`The confirmation link answered ${confirmed.status}`);
  const signIn = await callApp(node, "/api/auth/sign-in/email", { origin: options.origin, method: "POST", json: { email, password } });
  if (signIn.status !== 200) throw new Error(`Sign-in answered ${signIn.status}`);
  return { email, password, cookie: cookiesOf(signIn) };
}

/** Uploads `bytes` through tus on `node` in 6 MiB chunks, as the browser does, and returns the upload id. */
export async function uploadTo(node: { baseUrl: string }, cookie: string, bytes: Buffer) {
  // A kept-alive connection the app closed while this process was busy in a synchronous call (ffmpeg making the clip,
  // ffprobe reading the last one) fails the first request sent on it ("other side closed"): a health check spends it,
  // and the upload goes on a fresh connection.
  await callApp(node, "/readyz").catch(() => undefined);
  const tus = { "tus-resumable": "1.0.0" };
  const created = await callApp(node, "/api/uploads", { method: "POST", cookie, headers: { ...tus, "upload-length": String(bytes.length), "upload-metadata": `filetype ${btoa("video/webm")}` } });
  if (created.status !== 201) throw new Error(`The upload was not created: ${created.status}`);
  const location = created.headers.get("location") ?? "";
  for (let offset = 0; offset < bytes.length; offset += UPLOAD_CHUNK_BYTES) {
    const end = Math.min(offset + UPLOAD_CHUNK_BYTES, bytes.length);
    const patched = await callApp(node, location, {
      method: "PATCH",
      cookie,
      headers: { ...tus, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(bytes.subarray(offset, end)),
    });
    if (patched.status !== 204) throw new Error(`A PATCH answered ${patched.status}`);
  }
  return location.split("/").at(-1) ?? "";
}
