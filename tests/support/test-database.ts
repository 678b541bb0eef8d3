import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { TEMPLATE_DATABASE, withDatabase } from "./global-setup";

/**
 * A fresh database for one test file, cloned from the migrated template; `{ migrated: false }` gives an empty one,
 * for a migration test that builds an older schema itself.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}) {
  const adminUrl = inject("adminDatabaseUrl");
  if (!adminUrl) throw new Error("This run has no database (npm run test:unit): run this file with npx vitest run <file>.");
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(options.migrated === false ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  return {
    url,
    /**
     * A pool of the test's own on this database. It is dropped WITH (FORCE) as the file ends: a connection of the
     * pool still closing then is ended by the server (57P01), which is no failure of the test. Any other error still
     * fails it.
     */
    pool(max = 2) {
      const pool = new pg.Pool({ connectionString: url, max });
      pool.on("error", (error: Error & { code?: string }) => {
        if (error.code !== "57P01") throw error;
      });
      return pool;
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
