import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Media the tests make with ffmpeg are kept in the OS temp folder under the hash of the ffmpeg commands that make them
 * and of ffmpeg's version, so a clip is encoded once on a machine rather than once per call: the same commands give a
 * file that plays and probes the same, and a changed command or ffmpeg makes a new one. Each command runs in a fresh
 * folder and names its files relative to it (`out.webm`, `upright.mp4`), so the hash holds no temporary path; the last
 * command writes `out.<ext>`. A file is moved into the cache whole, so test workers making the same one at once each
 * read a complete file.
 */
const cacheDir = path.join(os.tmpdir(), "heydad-test-media");
let ffmpegVersion: string | undefined;

export function madeByFfmpeg(ext: string, commands: string[][]) {
  ffmpegVersion ??= execFileSync("ffmpeg", ["-version"]).toString().split("\n")[0] ?? "";
  const hash = createHash("sha256").update(JSON.stringify({ ffmpegVersion, ext, commands })).digest("hex").slice(0, 24);
  const cached = path.join(cacheDir, `${hash}.${ext}`);
  if (fs.existsSync(cached)) return cached;
  fs.mkdirSync(cacheDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheDir, "making-"));
  try {
    for (const command of commands) execFileSync("ffmpeg", ["-v", "error", "-y", ...command], { cwd: work });
    fs.renameSync(path.join(work, `out.${ext}`), cached);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return cached;
}
