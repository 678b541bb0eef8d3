import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import pg from "pg";
import { afterAll } from "vitest";
import { freePort } from "./app-process";
import { createTestDatabase } from "./test-database";

/**
 * The real server as a separate process (`dist/server/main.js`, the compiled bundle `npm start`
 * runs) over a fresh test database, serving the built web app on a free port.
 */
export async function startE2eServer(env: Record<string, string> = {}) {
  if (!fs.existsSync("dist/web/index.html")) throw new Error("The web app is not built: run `npm run build` (npm test does it first).");
  if (!fs.existsSync("dist/server/main.js")) throw new Error("The server is not compiled: run `npm run build` (npm test does it first).");
  const database = await createTestDatabase();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-e2e-"));
  const baseUrl = `http://localhost:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/main.js"], {
    env: { ...process.env, NODE_ENV: "test", PORT: String(port), APP_URL: baseUrl, DATABASE_URL: database.url, DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));

  // The embedded migrations and pg-boss start can take a while on a busy 2-core machine.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output.join("")}`);
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  afterAll(async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await pool.end();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
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

export type E2eServer = Awaited<ReturnType<typeof startE2eServer>>;

/** Signs a new dad up through the API in the page's context and confirms by email, so the session cookie lands in the browser on /dashboard. */
export async function signUpConfirmed(server: E2eServer, page: Page, email: string) {
  const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: server.baseUrl },
    data: { email, password: "correct-horse-1", name: "", callbackURL: "/dashboard" },
  });
  if (!signUp.ok()) throw new Error(`Sign-up answered ${signUp.status()}`);
  const link = (await server.latestEmail(email, "Confirm")).text.match(/https?:\/\/\S+/)![0];
  await page.goto(link);
  await page.waitForURL(/\/dashboard/);
}
