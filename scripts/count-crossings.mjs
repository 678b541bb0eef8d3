#!/usr/bin/env node
/**
 * How many source files a reader crosses to follow one request: every file reachable from the given entry
 * files (the route handler and the module that wires its collaborators) through relative imports, type-only
 * imports included (a reader opens those too). Test files are never followed. The shared infrastructure (the
 * database client and its schema list, jobs, events, HTTP helpers, sign-in, the module infrastructure) is
 * counted when reached but not followed: it is crossed by every request alike, and the schema list alone
 * would pull in every table of the app.
 *
 *   node scripts/count-crossings.mjs src/server/modules/memories/memories.routes.ts src/server/modules/memories/memories.module.ts
 *
 * Prints the count, then each file. `--count` prints the count only. `--own` leaves the shared infrastructure out of
 * the count and the list: what a reader crosses for this request and no other (the infrastructure is the same for
 * every request, so it says nothing about how narrowly one is wired).
 */
import fs from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const countOnly = args.includes("--count");
const ownOnly = args.includes("--own");
const entries = args.filter((arg) => !arg.startsWith("--")).map((file) => path.resolve(file));
if (entries.length === 0) {
  console.error("usage: node scripts/count-crossings.mjs <entry.ts> [more entries] [--count] [--own]");
  process.exit(2);
}

const INFRASTRUCTURE = ["src/server/db/", "src/server/jobs/", "src/server/events/", "src/server/http/", "src/server/modules/auth/", "src/server/modules/module-infrastructure.ts"];
const isInfrastructure = (file) => INFRASTRUCTURE.some((prefix) => path.relative(process.cwd(), file).startsWith(prefix));

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolve(from, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return undefined;
}

const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file) || /\.test\.tsx?$/.test(file)) continue;
  seen.add(file);
  if (isInfrastructure(file)) continue;
  const text = fs.readFileSync(file, "utf8");
  for (const match of text.matchAll(IMPORT)) {
    const target = resolve(file, match[1] ?? match[2]);
    if (target && /\.tsx?$/.test(target)) queue.push(target);
  }
}

const files = [...seen].filter((file) => !ownOnly || !isInfrastructure(file)).map((file) => path.relative(process.cwd(), file)).sort();
console.log(files.length);
if (!countOnly) for (const file of files) console.log(`  ${file}`);
