import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AppProcess, freePort, isReady, startAppProcess, timeUntil } from "../support/app-process";

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
  const lockFile = path.join(dir, "postgres", "postmaster.pid");
  return fs.existsSync(lockFile) ? Number(fs.readFileSync(lockFile, "utf8").split("\n")[0]) : 0;
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
    const app = await startAppProcess({ env: { DATA_DIR: dir, EMBEDDED_POSTGRES_PORT: String(await freePort()), DATABASE_URL: "" } });
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
