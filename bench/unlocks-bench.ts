/**
 * The unlock job at scale: 100,000 memories across 10,000 accounts in an embedded
 * PostgreSQL, their instants stored by the migration's backfill, then the job's query timed and
 * its plan printed (it must read memory_unlock_instants_due_idx, not scan every memory).
 *
 *   npx tsx bench/unlocks-bench.ts
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createDatabase } from "../src/server/db/client";
import { startEmbeddedPostgres } from "../src/server/db/embedded-postgres";
import { applyMigrations, MIGRATIONS_FOLDER } from "../src/server/db/migrate";
import { createEventBus } from "../src/server/events/events";
import { createMemoryUnlocks, recordDueStatement } from "../src/server/modules/memories/memories.unlocks";
import { applyMigrationsUpTo, LAST_TAG_BEFORE_MEMORY_TABLE } from "../tests/support/migrations";

const ACCOUNTS = 10_000;
const MEMORIES_PER_ACCOUNT = 10;

async function freePort() {
  return new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-unlocks-bench-"));
fs.chmodSync(dir, 0o755);
const database = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
const { db, pool } = createDatabase({ url: database.url, max: 4 });
const time = async <T>(label: string, work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${(performance.now() - started).toFixed(1)} ms`);
  return result;
};
try {
  await applyMigrationsUpTo(pool as unknown as pg.Pool, LAST_TAG_BEFORE_MEMORY_TABLE);
  await time(`seed ${ACCOUNTS} accounts, ${ACCOUNTS * MEMORIES_PER_ACCOUNT} memories`, async () => {
    await pool.query(`INSERT INTO users (id, name, email, time_zone)
      SELECT 'bench-' || i, 'Dad ' || i, 'dad' || i || '@bench.test', (ARRAY['UTC', 'America/New_York', 'Europe/Paris', 'Pacific/Auckland', 'Asia/Kolkata'])[1 + i % 5]
      FROM generate_series(1, ${ACCOUNTS}) AS i`);
    await pool.query(`INSERT INTO children (user_id, name, birthdate)
      SELECT 'bench-' || i, 'Child ' || i, date '2010-01-01' + (i % 5000) FROM generate_series(1, ${ACCOUNTS}) AS i`);
    // Memories saved over the last year: a third open now, the others at a date or an age spread over 20 years, some milestones.
    await pool.query(`INSERT INTO narrations (user_id, title, unlock_type, unlock_age, unlock_date, unlock_milestone, created_at)
      SELECT 'bench-' || a, 'Memory ' || m,
             (ARRAY['now', 'date', 'age', 'milestone'])[1 + (a + m) % 4],
             CASE WHEN (a + m) % 4 = 2 THEN 1 + (a * m) % 30 END,
             CASE WHEN (a + m) % 4 = 1 THEN date '2026-01-01' + ((a * 7 + m * 13) % 7300) END,
             CASE WHEN (a + m) % 4 = 3 THEN 'First day of school' END,
             now() - make_interval(days => (a + m) % 365)
      FROM generate_series(1, ${ACCOUNTS}) AS a, generate_series(1, ${MEMORIES_PER_ACCOUNT}) AS m`);
    await pool.query(`INSERT INTO narration_children (narration_id, child_id) SELECT n.id, c.id FROM narrations n JOIN children c ON c.user_id = n.user_id`);
    // The migration's backfill computes every stored instant, as it will on the first deploy (it reads the tables of
    // before the one memory table, which the later migrations then move).
    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, "0016_memory_unlocks.sql"), "utf8");
    for (const statement of migration.slice(migration.indexOf('INSERT INTO "memory_unlock_instants"')).split("--> statement-breakpoint")) await pool.query(statement);
    await applyMigrations(pool as unknown as pg.Pool);
    await pool.query("VACUUM ANALYZE");
  });
  const counts = await pool.query("SELECT count(*)::int AS instants, count(*) FILTER (WHERE opens_at IS NULL)::int AS unknown FROM memory_unlock_instants");
  console.log("stored instants:", counts.rows[0]);

  const unlocks = createMemoryUnlocks({ db, events: createEventBus() });
  const now = new Date();
  await time("first run (catches up every memory already open: the deploy)", async () => console.log(await unlocks.run({ now })));
  await pool.query("VACUUM ANALYZE memory_unlock_instants");
  await pool.query("VACUUM ANALYZE memory_unlocks");

  const inAWeek = new Date(now.getTime() + 7 * 86_400_000);
  const waiting = await pool.query("SELECT count(*)::int AS n FROM memory_unlock_instants WHERE unlocked_at IS NULL AND opens_at <= $1", [inAWeek]);
  console.log(`due in the next 7 days: ${waiting.rows[0].n}`);
  const { rows: plan } = await db.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${recordDueStatement({ now: inAWeek })}`);
  console.log("\nEXPLAIN ANALYZE of one run a week later (it records, as the job does):");
  for (const row of plan) console.log(`  ${row["QUERY PLAN"]}`);
  const steady = new Date(inAWeek.getTime() + 2 * 60_000);
  await time("a steady-state run two minutes later (nothing new)", async () => console.log(await unlocks.run({ now: steady })));
  const nextDay = new Date(inAWeek.getTime() + 86_400_000);
  await time("a run a day later", async () => console.log(await unlocks.run({ now: nextDay })));
} finally {
  await pool.end();
  await database.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
