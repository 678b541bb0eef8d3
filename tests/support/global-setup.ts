import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../src/server/db/embedded-postgres";
import { applyMigrations } from "../../src/server/db/migrate";

export const TEMPLATE_DATABASE = "heydad_template";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * One real PostgreSQL for the whole run (embedded, in a temp dir, or TEST_DATABASE_URL),
 * with a template database that has every migration and pg-boss's schema applied.
 * Each test file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  // `npm run test:unit` runs only tests that need no database: it starts none.
  if (process.env.HEYDAD_TEST_DATABASE === "off") {
    project.provide("adminDatabaseUrl", "");
    return;
  }
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  let dir: string | undefined;
  if (!adminUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-test-pg-"));
    fs.chmodSync(dir, 0o755);
    const embedded = await startEmbeddedPostgres({ dir: path.join(dir, "data"), port: await freePort() });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const pool = new pg.Pool({ connectionString: templateUrl });
  await applyMigrations(pool);
  await pool.end();
  const boss = new PgBoss({ connectionString: templateUrl, supervise: false, schedule: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, wait: true, timeout: 1000 });

  project.provide("adminDatabaseUrl", adminUrl);
  return async () => {
    await stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
