// `npm test`: builds the web app, prerenders its public pages and compiles the server (the end-to-end tests drive the
// same bundle `npm start` runs), runs every Vitest test
// (unit, integration, end-to-end) and closes with one summary line and what could not run.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const isCI = process.env.CI === "true";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = fs.existsSync(chromium);
const hasFfmpeg = spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;

const missing = [];
if (!hasChromium) missing.push({ what: `Chromium (${chromium})`, tests: "end-to-end tests in tests/e2e", fix: "apt-get install chromium (or set CHROMIUM_PATH)" });
if (!hasFfmpeg) missing.push({ what: "ffmpeg", tests: "video processing tests", fix: "apt-get install ffmpeg" });

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
let failed = run.status !== 0;
try {
  const report = JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8"));
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
  // The report decides too: a run with a failed test or file never passes, whatever the exit code said.
  failed ||= !report.success || report.numFailedTests > 0 || report.numFailedTestSuites > 0;
} catch {
  failed = true;
  summary = "0 passed, 1 failed";
  console.error("The test report (test-results/vitest.json) was not written.");
}
for (const m of missing) console.log(`Not run: ${m.tests}, because ${m.what} is not installed. To run them: ${m.fix}.`);
console.log(summary);
process.exit(failed ? 1 : 0);
