// `npm run test:durations`: writes each test file's duration from the last run (test-results/vitest.json) to
// tests/durations.json, which the sequencer reads to start the slowest files first. A run of some files refreshes
// theirs and keeps the others' (a file that no longer exists is dropped). Commit the result.
import fs from "node:fs";
import path from "node:path";
import { fileDurations } from "./test-report.mjs";

const DURATIONS_FILE = path.join("tests", "durations.json");
const measured = fileDurations(JSON.parse(fs.readFileSync("test-results/vitest.json", "utf8")));
const kept = fs.existsSync(DURATIONS_FILE) ? Object.entries(JSON.parse(fs.readFileSync(DURATIONS_FILE, "utf8"))).map(([file, ms]) => ({ file, ms })) : [];
const byFile = new Map([...kept, ...measured].filter(({ file }) => fs.existsSync(file)).map(({ file, ms }) => [file, ms]));
const sorted = Object.fromEntries([...byFile].sort(([, a], [, b]) => b - a));
fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/durations.json: ${measured.length} files measured, ${byFile.size} listed`);
