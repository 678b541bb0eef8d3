// `npm test`: builds the web app, prerenders its public pages and compiles the server (the end-to-end tests drive the
// same bundle `npm start` runs), runs every Vitest test
// (unit, integration, end-to-end), slowest files first, and closes with the five slowest files, what could not run and
// one summary line with the wall time (build included).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { fileDurations } from "./test-report.mjs";

const startedAt = Date.now();

const isCI = process.env.CI === "true";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = fs.existsSync(chromium);
const hasFfmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
const runs = (command, args) => spawnSync(command, args, { stdio: "ignore" }).status === 0;
const hasSpeechTools = runs("pocketsphinx_continuous", ["-infile", "/dev/null", "-logfn", "/dev/null"]) && fs.existsSync("/usr/share/pocketsphinx/model/en-us") && runs("espeak-ng", ["--version"]) && runs("sox", ["--version"]);

const missing = [];
if (!hasChromium) missing.push({ what: `Chromium (${chromium})`, tests: "end-to-end tests in tests/e2e", fix: "apt-get install chromium (or set CHROMIUM_PATH)" });
if (!hasFfmpeg) missing.push({ what: "ffmpeg", tests: "video processing tests", fix: "apt-get install ffmpeg" });
if (!hasSpeechTools) missing.push({ what: "pocketsphinx, its US English model, espeak-ng or sox", tests: "transcript tests", fix: "apt-get install pocketsphinx pocketsphinx-en-us espeak-ng sox" });

if (isCI && missing.length > 0) {
  for (const m of missing) console.error(`CI: ${m.what} is missing, so the ${m.tests} cannot run. ${m.fix}.`);
  process.exit(1);
}

execFileSync("npx", ["vite", "build", "--logLevel", "warn"], { stdio: "inherit" });
execFileSync("npx", ["tsx", "scripts/prerender.tsx"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/bundle-report.mjs"], { stdio: "inherit" });
execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });

const run = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2)], { stdio: "inherit" });

let summary = "";
let slowest = [];
let failed = run.status !== 0;
try {
  const report = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
  slowest = fileDurations(report).slice(0, 5);
  // The report decides too: a run with a failed test or file never passes, whatever the exit code said.
  failed ||= !report.success || report.numFailedTests > 0 || report.numFailedTestSuites > 0;
} catch {
  failed = true;
  summary = "0 passed, 1 failed";
  console.error("The test report (test-results/vitest.json) was not written.");
}
if (slowest.length > 0) console.log(`Slowest files:\n${slowest.map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`).join("\n")}`);
for (const m of missing) console.log(`Not run: ${m.tests}, because ${m.what} is not installed. To run them: ${m.fix}.`);
const wall = Math.round((Date.now() - startedAt) / 1000);
console.log(`${summary} in ${Math.floor(wall / 60)} min ${String(wall % 60).padStart(2, "0")} s (wall, build included)`);
process.exit(failed ? 1 : 0);
