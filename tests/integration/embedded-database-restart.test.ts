import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type AppProcess, freePort, isReady, startAppProcess, timeUntil } from "../support/app-process";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-supervised-"));
fs.chmodSync(dataDir, 0o755);
let app: AppProcess | undefined;
afterAll(async () => {
  await app?.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The running server's pid; 0 while there is none (between the kill and the restart). */
const postmasterPid = () => {
  const lockFile = path.join(dataDir, "postgres", "postmaster.pid");
  return fs.existsSync(lockFile) ? Number(fs.readFileSync(lockFile, "utf8").split("\n")[0]) : 0;
};

describe("an app on its embedded PostgreSQL (no DATABASE_URL), as npm start runs it", () => {
  it("brings the database back when it is killed: /readyz answers 200 again within 10 s", async () => {
    app = await startAppProcess({ env: { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()), DATABASE_URL: "" } });
    const killed = postmasterPid();
    process.kill(killed, "SIGKILL");
    const back = await timeUntil(async () => ![0, killed].includes(postmasterPid()) && (await isReady(app!.baseUrl)), 10_000, "/readyz 200 after the database was killed");
    expect(back).toBeLessThan(10_000);
    console.info(`embedded PostgreSQL killed: /readyz 200 again after ${back} ms`);
    expect(app.output.join("")).toContain("The embedded PostgreSQL stopped (SIGKILL); restarting it.");
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    // The app still works on it: an API call that reads the database.
    expect((await fetch(`${app.baseUrl}/api/config`)).status).toBe(200);
  });
});
