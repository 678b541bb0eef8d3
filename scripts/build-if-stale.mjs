// `npm start` builds the web app only when its sources changed since the last build,
// so a second start is quick. `npm run build` always builds.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const output = "dist/web/index.html";
const sources = ["src/web", "src/shared", "vite.config.ts", "scripts/prerender.tsx", "package-lock.json"];

function newest(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
if (builtAt > Math.max(...sources.map(newest))) {
  console.log("Web app is up to date (dist/web); skipping the build.");
} else {
  execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}
