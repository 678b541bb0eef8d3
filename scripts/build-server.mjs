// Compiles the server ahead of time (`npm start` runs dist/server/main.js with plain node): one esbuild bundle of
// our own TypeScript, with every npm package left external, so a start does not compile TypeScript again.
// The committed migrations are copied beside the bundle, where db/migrate.ts looks for them.
import fs from "node:fs";
import { build } from "esbuild";

export const SERVER_OUTPUT = "dist/server/main.js";

export async function buildServer() {
  await build({
    entryPoints: ["src/server/main.ts"],
    outfile: SERVER_OUTPUT,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    packages: "external",
    sourcemap: true,
    logLevel: "warning",
  });
  fs.rmSync("dist/server/migrations", { recursive: true, force: true });
  fs.cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
