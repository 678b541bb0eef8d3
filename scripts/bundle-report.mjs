// Prints the gzip size of each route's JavaScript and checks the landing route's initial JS budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dist = "dist/web";
const manifest = JSON.parse(fs.readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The JS a route needs before it renders: its chunk plus every static import, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

// The entry (main.tsx) loads the app chunk (start-app.tsx) straight away: both count as the shared start.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const appKey = Object.keys(manifest).find((key) => manifest[key].name === "start-app");
const entry = closure(appKey, closure(entryKey));
const sizeOf = (keys) => [...keys].reduce((sum, key) => sum + gzip(manifest[key].file), 0);

const rows = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes("routes/"))
  .map(([key]) => {
    const own = [...closure(key)].filter((k) => !entry.has(k));
    return { route: key.replace(/^.*routes\//, "").replace(/\.tsx$/, ""), own: sizeOf(own), keys: own };
  })
  .sort((a, b) => a.route.localeCompare(b.route));

const entrySize = sizeOf(entry);
console.log(`\nBundle sizes (gzip): shared entry ${kib(entrySize)}`);
for (const row of rows) console.log(`  ${row.route.padEnd(22)} +${kib(row.own).padStart(10)}  = ${kib(entrySize + row.own)} initial`);

const landing = rows.find((row) => row.route === "landing");
const landingTotal = entrySize + (landing?.own ?? 0);
const budget = 150 * 1024;
console.log(`Landing route initial JS: ${kib(landingTotal)} (budget ${kib(budget)})\n`);
if (landingTotal > budget) {
  console.error("The landing route's initial JavaScript is over its 150 KiB gzip budget.");
  process.exit(1);
}
