// `npm start` builds the web app and compiles the server only when their sources changed since the last build,
// so a second start is quick. `npm run build` always builds both.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildServer, SERVER_OUTPUT } from "./build-server.mjs";

function newest(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

function isStale(output, sources) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return builtAt <= Math.max(...sources.map(newest));
}

if (isStale("dist/web/index.html", ["src/web", "src/shared", "content/reads", "vite.config.ts", "scripts/prerender.tsx", "package-lock.json"])) {
  execFileSync("npm", ["run", "build:web"], { stdio: "inherit" });
} else {
  console.log("Web app is up to date (dist/web); skipping the build.");
}

if (isStale(SERVER_OUTPUT, ["src/server", "src/shared", "scripts/build-server.mjs", "package-lock.json"])) {
  await buildServer();
  console.log(`Server compiled (${SERVER_OUTPUT}).`);
} else {
  console.log(`Server is up to date (${SERVER_OUTPUT}); skipping the compile.`);
}
