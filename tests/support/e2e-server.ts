import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import pg from "pg";
import { startAppProcess } from "./app-process";
import { closeAfterFile } from "./close-after-file";
import { createTestDatabase } from "./test-database";

/**
 * The real server as a separate process (startAppProcess: `dist/server/main.js`, the compiled bundle
 * `npm start` runs) over a fresh test database and data folder, serving the built web app at localhost.
 */
export async function startE2eServer(env: Record<string, string> = {}) {
  if (!fs.existsSync("dist/web/index.html")) throw new Error("The web app is not built: run `npm run build` (npm test does it first).");
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-e2e-"));
  const app = await startAppProcess({ host: "localhost", env: { DATABASE_URL: database.url, DATA_DIR: dataDir, ...env } });
  const { baseUrl, output } = app;

  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // The file's database is dropped WITH (FORCE) as the file ends: a connection of this pool still closing then is ended
  // by the server (57P01), which is no failure of the test. Any other error still fails it.
  pool.on("error", (error: Error & { code?: string }) => {
    if (error.code !== "57P01") throw error;
  });
  closeAfterFile(async () => {
    await app.kill();
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
export async function signUpConfirmed(server: E2eServer, page: Page, email: string, options: { timeZone?: string } = {}) {
  const signUp = await page.request.post(`${server.baseUrl}/api/auth/sign-up/email`, {
    headers: { origin: server.baseUrl },
    data: { email, password: "correct-horse-1", name: "", callbackURL: "/dashboard", ...options },
  });
  if (!signUp.ok()) throw new Error(`Sign-up answered ${signUp.status()}`);
  const link = (await server.latestEmail(email, "Confirm")).text.match(/https?:\/\/\S+/)![0];
  await page.goto(link);
  await page.waitForURL(/\/dashboard/);
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
