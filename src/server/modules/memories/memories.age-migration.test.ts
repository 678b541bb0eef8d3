import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/support/test-database";
import { applyMigrationsUpTo } from "../../../../tests/support/migrations";
import { startAppOn } from "../../../../tests/support/test-app";
import { applyMigrations } from "../../db/migrate";

/**
 * Age rules moving to each child's own birthday: a database written under the rule before (an age rule opened for all
 * of a memory's children when the first reached the age) is migrated once. What was still waiting moves to each
 * child's own birthday; what had opened stays open, for every child it opened for.
 */

const LAST_TAG_BEFORE = "0034_family_words";
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let databaseUrl: string;

const DAD = "dad-age-migration";
const ids = {
  emma: "00000000-0000-4000-8000-00000000e33a",
  noah: "00000000-0000-4000-8000-0000000000a0",
  ava: "00000000-0000-4000-8000-0000000000a1",
  ben: "00000000-0000-4000-8000-0000000000b1",
  /** For Emma (9) and Noah (5) at 18: under the rule before, both waited for Emma's 18th birthday. */
  waiting: "00000000-0000-4000-8000-000000000001",
  /** For Ava and Ben at 18: it opened for both on Ava's 18th birthday in 2018, Ben's own is in 2033. */
  opened: "00000000-0000-4000-8000-000000000002",
};

/** The account, its children and the two memories with their instants and recorded unlocks, as the app before wrote them. */
async function writeUnderTheRuleBefore(client: pg.Client) {
  await client.query(`INSERT INTO users (id, email) VALUES ($1, 'dad@example.com')`, [DAD]);
  await client.query(`UPDATE profiles SET time_zone = 'Europe/London' WHERE id = $1`, [DAD]);
  await client.query(
    `INSERT INTO children (id, user_id, name, birthdate) VALUES ($2, $1, 'Emma', '2017-03-14'), ($3, $1, 'Noah', '2021-06-02'), ($4, $1, 'Ava', '2000-01-10'), ($5, $1, 'Ben', '2015-05-05')`,
    [DAD, ids.emma, ids.noah, ids.ava, ids.ben],
  );
  await client.query(
    `INSERT INTO memories (id, user_id, kind, title, unlock_type, unlock_age, created_at) VALUES ($2, $1, 'note', 'At 18', 'age', 18, '2026-01-05T10:00:00Z'), ($3, $1, 'note', 'Grown up', 'age', 18, '2016-01-05T10:00:00Z')`,
    [DAD, ids.waiting, ids.opened],
  );
  await client.query(`INSERT INTO memory_children (memory_id, child_id) VALUES ($1, $3), ($1, $4), ($2, $5), ($2, $6)`, [ids.waiting, ids.opened, ids.emma, ids.noah, ids.ava, ids.ben]);
  // Emma's 18th birthday at midnight in London (summer time is not yet on 14 March): both children's instant.
  await client.query(
    `INSERT INTO memory_unlock_instants (memory_id, memory_kind, child_id, user_id, unlock_type, opens_at) VALUES ($1, 'note', $2, $4, 'age', '2035-03-14T00:00:00Z'), ($1, 'note', $3, $4, 'age', '2035-03-14T00:00:00Z')`,
    [ids.waiting, ids.emma, ids.noah, DAD],
  );
  await client.query(
    `INSERT INTO memory_unlock_instants (memory_id, memory_kind, child_id, user_id, unlock_type, opens_at, unlocked_at) VALUES ($1, 'note', $2, $4, 'age', '2018-01-10T00:00:00Z', '2018-01-10T00:00:00Z'), ($1, 'note', $3, $4, 'age', '2018-01-10T00:00:00Z', '2018-01-10T00:00:00Z')`,
    [ids.opened, ids.ava, ids.ben, DAD],
  );
  await client.query(
    `INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at, recorded_at, dispatched_at) VALUES ($1, 'note', $2, $4, 'age', '2018-01-10T00:00:00Z', '2018-01-10T00:01:00Z', '2018-01-10T00:01:00Z'), ($1, 'note', $3, $4, 'age', '2018-01-10T00:00:00Z', '2018-01-10T00:01:00Z', '2018-01-10T00:01:00Z')`,
    [ids.opened, ids.ava, ids.ben, DAD],
  );
}

type Running = Awaited<ReturnType<typeof startAppOn>>;
let app: Running | undefined;
const running = () => {
  if (!app) throw new Error("the app is not started");
  return app;
};

async function instants() {
  const { rows } = await running().pool.query<{ memory_id: string; child_id: string; opens_at: Date | null; unlocked_at: Date | null }>(
    "SELECT memory_id, child_id, opens_at, unlocked_at FROM memory_unlock_instants ORDER BY memory_id, child_id",
  );
  return rows.map((row) => [row.memory_id, row.child_id, row.opens_at?.toISOString() ?? null, row.unlocked_at?.toISOString() ?? null]);
}

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  databaseUrl = database.url;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await applyMigrationsUpTo(client, LAST_TAG_BEFORE);
    await writeUnderTheRuleBefore(client);
  } finally {
    await client.end();
  }
  const pool = new pg.Pool({ connectionString: databaseUrl });
  await applyMigrations(pool);
  await pool.end();
  app = await startAppOn({ url: databaseUrl });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await database?.drop();
});

describe("age rules moved to each child's own birthday", () => {
  it("moves what was waiting to each child's own birthday, and keeps what had opened open for every child", async () => {
    expect(await instants()).toEqual([
      [ids.waiting, ids.noah, "2039-06-01T23:00:00.000Z", null], // midnight of 2 June in London's summer time
      [ids.waiting, ids.emma, "2035-03-14T00:00:00.000Z", null],
      [ids.opened, ids.ava, "2018-01-10T00:00:00.000Z", "2018-01-10T00:00:00.000Z"],
      [ids.opened, ids.ben, "2018-01-10T00:00:00.000Z", "2018-01-10T00:00:00.000Z"],
    ]);
  });

  it("shows each child's own date on Dad's card, and the opened memory open for Ben years before his own 18th", async () => {
    const { items } = await running().services.memories.list({ userId: DAD, kind: "all", limit: 10 });
    const unlockOf = (id: string) => items.find((item) => item.id === id)?.unlock;
    expect(unlockOf(ids.waiting)?.forChildren).toEqual([
      { childId: ids.emma, name: "Emma", unlocked: false, unlocksAt: "2035-03-14T00:00:00.000Z", date: "2035-03-14" },
      { childId: ids.noah, name: "Noah", unlocked: false, unlocksAt: "2039-06-01T23:00:00.000Z", date: "2039-06-02" },
    ]);
    expect(unlockOf(ids.opened)).toMatchObject({ unlocked: true, forChildren: [expect.objectContaining({ name: "Ava", unlocked: true }), expect.objectContaining({ name: "Ben", unlocked: true })] });
    const openFor = async (childId: string) => (await running().services.memories.listForChild({ userId: DAD, childId, unlockedOnly: true })).map((item) => item.id);
    expect(await openFor(ids.ben)).toEqual([ids.opened]);
  });

  it("the unlock job opens it for Emma on her birthday and leaves Noah's for his", async () => {
    const unlocks = running().services.memoryUnlocks;
    expect((await unlocks.run({ now: new Date("2035-03-14T00:00:01Z") })).recorded).toBe(1);
    const { rows } = await running().pool.query("SELECT memory_id, child_id FROM memory_unlocks WHERE memory_id = $1", [ids.waiting]);
    expect(rows).toEqual([{ memory_id: ids.waiting, child_id: ids.emma }]);
    expect((await unlocks.run({ now: new Date("2039-06-01T22:59:59Z") })).recorded).toBe(0);
    expect((await unlocks.run({ now: new Date("2039-06-01T23:00:00Z") })).recorded).toBe(1);
  });

  it("changes nothing when the migrations run again", async () => {
    const before = await instants();
    await applyMigrations(running().pool);
    expect(await instants()).toEqual(before);
  });
});
