// `npm run test:durations`: writes each test file's duration from the last full run (test-results/vitest.json) to
// tests/durations.json, which the sequencer reads to start the slowest files first. Commit the result.
import fs from "node:fs";
import path from "node:path";
import { fileDurations } from "./test-report.mjs";

const durations = fileDurations(JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8")));
const sorted = Object.fromEntries(durations.map(({ file, ms }) => [file, ms]));
fs.writeFileSync(path.join("tests", "durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${durations.length} files`);
