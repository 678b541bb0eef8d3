import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { timeUntil } from "../support/app-process";
import { createTestDatabase } from "../support/test-database";

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// App servers started by e2e files once outlived them (20 after 13 minutes of a run, each polling the queue),
// until the database refused connections (53300). Two test files in a child vitest start an app each: one closes
// it through closeAfterFile from inside a test, the other's worker is killed outright.
it("no app process a test file started outlives the file, even when its worker is killed", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-app-lifetime-"));
  const database = await createTestDatabase();
  let pids: number[] = [];
  try {
    const run = spawnSync("npx", ["vitest", "run", "--config", "tests/fixtures/app-lifetime/vitest.config.ts"], {
      env: { ...process.env, APP_LIFETIME_DIR: dir, APP_LIFETIME_DATABASE_URL: database.url },
      encoding: "utf8",
      timeout: 100_000,
    });
    pids = fs.readFileSync(path.join(dir, "pids"), "utf8").trim().split("\n").map(Number);
    expect(pids, run.stdout + run.stderr).toHaveLength(2);
    // The killed worker's file is an error of the run.
    expect(run.status).not.toBe(0);
    await timeUntil(async () => pids.every((pid) => !isRunning(pid)), 15_000, `app processes ${pids.join(", ")} ended`);
  } finally {
    for (const pid of pids.filter(isRunning)) process.kill(pid, "SIGKILL");
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
