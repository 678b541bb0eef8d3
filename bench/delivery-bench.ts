/**
 * Family delivery at scale: 10,000 unlocks due at once (5,000 accounts, one child and one
 * accepted guardian each, two dated notes per child opening today), in an embedded PostgreSQL with
 * the real services and the real job queue. Timed: the unlock job's run (record the 10,000 unlocks and
 * hand them to the 'memory.unlocked' subscriber, which writes the delivery rows and queues one send job
 * each), then the sends until the last guardian's email is written (the development mailbox transport:
 * the SMTP round trip is not measured).
 *
 *   BENCH_ONLY=delivery npm run bench      (or: npx tsx bench/delivery-bench.ts)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { parseConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/client";
import { startEmbeddedPostgres } from "../src/server/db/embedded-postgres";
import { applyMigrations, MIGRATIONS_FOLDER } from "../src/server/db/migrate";
import { startJobQueue } from "../src/server/jobs/job-queue";
import { createServices } from "../src/server/services";
import { daytimeZone } from "../tests/support/daytime-zone";
import { applyMigrationsUpTo, LAST_TAG_BEFORE_MEMORY_TABLE } from "../tests/support/migrations";
import { freePort } from "./bench-server";

/** BENCH_DELIVERY_ACCOUNTS scales it down for a quick look (two unlocks per account). */
const ACCOUNTS = Number(process.env.BENCH_DELIVERY_ACCOUNTS ?? 5_000);
const NOTES_PER_CHILD = 2;
export const DELIVERY_UNLOCKS = ACCOUNTS * NOTES_PER_CHILD;

async function seed(pool: pg.Pool, timeZone: string) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  await pool.query(`INSERT INTO users (id, name, email, time_zone) SELECT 'bench-' || i, '', 'dad' || i || '@bench.test', $1 FROM generate_series(1, ${ACCOUNTS}) AS i`, [timeZone]);
  // A trigger makes each user's profile; delivery reads the time zone from it.
  await pool.query("UPDATE profiles SET time_zone = $1 WHERE id LIKE 'bench-%'", [timeZone]);
  await pool.query(`INSERT INTO children (user_id, name, birthdate) SELECT 'bench-' || i, 'Child ' || i, date '2014-01-01' + (i % 3000) FROM generate_series(1, ${ACCOUNTS}) AS i`);
  await pool.query(`INSERT INTO guardians (user_id, name, email, relation, status, invite_token_hash, responded_at)
    SELECT 'bench-' || i, 'Grandma ' || i, 'grandma' || i || '@bench.test', 'grandparent', 'accepted', md5('invite' || i) || md5('token' || i), now()
    FROM generate_series(1, ${ACCOUNTS}) AS i`);
  await pool.query(
    `INSERT INTO narrations (user_id, title, notes, unlock_type, unlock_date, created_at)
     SELECT 'bench-' || a, 'Letter ' || m, 'Dear child, this opens today.', 'date', $1::date, now() - interval '300 days'
     FROM generate_series(1, ${ACCOUNTS}) AS a, generate_series(1, ${NOTES_PER_CHILD}) AS m`,
    [today],
  );
  await pool.query(`INSERT INTO narration_children (narration_id, child_id) SELECT n.id, c.id FROM narrations n JOIN children c ON c.user_id = n.user_id`);
  // The unlock migration's backfill stores every instant, as a deploy does (it reads the tables of before the one
  // memory table, which the later migrations then move).
  const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, "0016_memory_unlocks.sql"), "utf8");
  for (const statement of migration.slice(migration.indexOf('INSERT INTO "memory_unlock_instants"')).split("--> statement-breakpoint")) await pool.query(statement);
  await applyMigrations(pool);
  await pool.query("VACUUM ANALYZE");
}

/** Runs the figures and prints them; returns the seconds from the unlock job's start to the last email. */
export async function benchDelivery() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-delivery-bench-"));
  fs.chmodSync(dir, 0o755);
  const database = await startEmbeddedPostgres({ dir: path.join(dir, "pg"), port: await freePort() });
  const { db, pool } = createDatabase({ url: database.url, max: 10 });
  let jobs: Awaited<ReturnType<typeof startJobQueue>> | undefined;
  try {
    await applyMigrationsUpTo(pool as unknown as pg.Pool, LAST_TAG_BEFORE_MEMORY_TABLE);
    const timeZone = daytimeZone();
    const seeded = performance.now();
    await seed(pool as unknown as pg.Pool, timeZone);
    console.log(`seeded ${DELIVERY_UNLOCKS} due unlocks in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    jobs = await startJobQueue({ url: database.url, log: () => {} });
    const config = parseConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", DATA_DIR: path.join(dir, "data") });
    const services = await createServices({ config, db, pool, jobs, authSecret: "bench-secret-bench-secret-bench-secret-01", log: () => {} });

    const started = performance.now();
    const run = await services.memoryUnlocks.run({ now: new Date() });
    const dispatched = (performance.now() - started) / 1000;
    const count = async () => (await pool.query<{ sent: number; pending: number; failed: number }>(
      "SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed FROM family_deliveries",
    )).rows[0];
    const deadline = Date.now() + 30 * 60_000;
    let state = await count();
    console.log(`unlock job run done in ${dispatched.toFixed(1)} s: ${JSON.stringify(run)}`);
    while (state.sent + state.failed < DELIVERY_UNLOCKS && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5000));
      state = await count();
      console.log(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${state.sent} sent, ${state.pending} pending`);
    }
    const total = (performance.now() - started) / 1000;
    const mails = (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM mailbox_messages WHERE subject LIKE 'Dad left this for %'")).rows[0].n;
    console.log(`\nFamily delivery: ${DELIVERY_UNLOCKS.toLocaleString("en-US")} unlocks due at once (${ACCOUNTS.toLocaleString("en-US")} accounts, one accepted guardian each, time zone ${timeZone})`);
    console.log("| delivery figure | measured |");
    console.log("|---|---:|");
    console.log(`| unlock job run: record ${run.recorded} unlocks, dispatch ${run.delivered} to the delivery subscriber (rows + queued sends) | ${dispatched.toFixed(1)} s |`);
    console.log(`| from the unlock job's start to the last delivery email written (${state.sent} sent, ${state.pending} pending, ${state.failed} failed; ${mails} emails) | ${total.toFixed(1)} s |`);
    console.log(`| send throughput | ${(state.sent / Math.max(0.001, total - dispatched)).toFixed(0)} emails/s |`);
    return total;
  } finally {
    await jobs?.stop();
    await pool.end();
    await database.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDelivery();
