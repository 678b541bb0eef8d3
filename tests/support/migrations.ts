import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { MIGRATIONS_FOLDER } from "../../src/server/db/migrate";

/**
 * The schema memories had before one memory table: data written for that schema (the migration test's frozen
 * database, the benches' seeds that the old unlock backfill reads) is loaded at it, then the later migrations move it.
 */
export const LAST_TAG_BEFORE_MEMORY_TABLE = "0031_child_key";

/** A copy of the committed migrations that ends at `lastTag` (drizzle applies what its journal lists). */
function migrationsUpTo(lastTag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-migrations-"));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`${lastTag} is not in the journal`);
  const entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** Applies the committed migrations up to `lastTag` only; `applyMigrations` applies the rest later. */
export async function applyMigrationsUpTo(client: pg.Client | pg.Pool, lastTag: string) {
  const folder = migrationsUpTo(lastTag);
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
