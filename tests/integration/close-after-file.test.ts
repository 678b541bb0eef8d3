import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

// A worker that runs several files without isolation imports a helper once, while the setup file runs again for each
// file: what the second and later files opened through the helper was once never closed (pools, databases, pg-boss).
it("closes what each test file opened when that file ends, also for the later files of a worker without isolation", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-close-after-file-"));
  const log = path.join(dir, "log");
  try {
    const run = spawnSync("npx", ["vitest", "run", "--config", "tests/fixtures/close-after-file/vitest.config.ts", "--sequence.shuffle=false"], {
      env: { ...process.env, CLOSE_AFTER_FILE_LOG: log },
      encoding: "utf8",
      timeout: 100_000,
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    const lines = fs.readFileSync(log, "utf8").trim().split("\n");
    // Each file's opening is closed before the next file opens anything, whatever order the files ran in.
    const names = lines.filter((line) => line.startsWith("opened ")).map((line) => line.slice("opened ".length));
    expect(names.toSorted()).toEqual(["first", "second", "third"]);
    expect(lines).toEqual(names.flatMap((name) => [`opened ${name}`, `closed ${name}`]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
