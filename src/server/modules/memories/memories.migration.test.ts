import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { downloadStored, readZip, sha256 } from "../../../../tests/support/archives";
import { createTestDatabase } from "../../../../tests/support/test-database";
import { applyMigrationsUpTo, LAST_TAG_BEFORE_MEMORY_TABLE } from "../../../../tests/support/migrations";
import { jsonRequest, startAppOn, type TestApp } from "../../../../tests/support/test-app";
import { applyMigrations } from "../../db/migrate";

/**
 * The memory model's migration loses nothing: a database at the schema memories had before it (every migration
 * up to LAST_TAG_BEFORE_MEMORY_TABLE), holding every kind of memory in every state, reads the same after the migrations of today
 * are applied, and the same again after they are applied a second time (nothing changes).
 * What is read: every memory as the app lists it, every file's bytes (sha256 and size, through the archive),
 * each memory's unlock instants and recorded unlocks per child, deliveries to guardians, confirmations,
 * comments, each child's page as a guardian sees it and its 'Download all', and the archive Dad built before
 * (as storage still holds it).
 *
 * The app of today cannot write the schema of before, so that database is a frozen copy (FIXTURE): its rows and
 * stored files as the app of that schema left them after the filling described in the fixture's README, and what
 * that app read from them then (reading.json), which the app of today must read again.
 */

const FIXTURE = path.join(import.meta.dirname, "../../../../tests/fixtures/memory-model-0031");

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let databaseUrl: string;

/** What the fixture holds besides its rows: the dad's session cookie, the commented video, each child's guardian link, Dad's archive. */
type Fixture = {
  capturedAt: string;
  tables: Record<string, Array<Record<string, unknown>>>;
  dad: { cookie: string };
  videoId: string;
  tokens: Record<"maya" | "leo", string>;
  archiveId: string;
};
const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURE, "database.json"), "utf8")) as Fixture;
const { tokens } = fixture;

let t: (TestApp & { stop: () => Promise<void> }) | undefined;
const app = () => {
  if (!t) throw new Error("the app is not started");
  return t;
};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-memory-model-"));

/**
 * The fixture's rows into the database at the schema of before, as they were (foreign keys are not checked
 * while loading, so the order of the tables does not matter; generated columns are computed again). What
 * expires (sessions, guardian links, archives) was made when the fixture was captured: it is moved forward by
 * the time since, so it is as alive as it was then. Sequences continue after the loaded rows.
 */
async function loadFixture(client: pg.Client) {
  await client.query("BEGIN");
  await client.query("SET LOCAL session_replication_role = replica");
  for (const [table, rows] of Object.entries(fixture.tables)) {
    const { rows: columns } = await client.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position",
      [table],
    );
    const list = columns.map((column) => `"${column.column_name}"`).join(", ");
    await client.query(`INSERT INTO "${table}" (${list}) SELECT ${list} FROM json_populate_recordset(NULL::"${table}", $1)`, [JSON.stringify(rows)]);
    if (columns.some((column) => column.column_name === "expires_at")) {
      await client.query(`UPDATE "${table}" SET expires_at = expires_at + (now() - $1::timestamptz)`, [fixture.capturedAt]);
    }
  }
  await client.query(`SELECT setval(s.seq, greatest((SELECT max(value) FROM json_array_elements_text(s.vals) value)::bigint, 1))
    FROM (SELECT pg_get_serial_sequence(format('%I', c.table_name), c.column_name) AS seq, json_agg(x.row ->> c.column_name) AS vals
          FROM information_schema.columns c, json_each($1::json) tbl(name, rows), json_array_elements(tbl.rows) x(row)
          WHERE c.table_schema = 'public' AND c.table_name = tbl.name AND pg_get_serial_sequence(format('%I', c.table_name), c.column_name) IS NOT NULL
          GROUP BY 1) s`, [JSON.stringify(fixture.tables)]);
  await client.query("COMMIT");
  fs.cpSync(path.join(FIXTURE, "storage"), path.join(dataDir, "storage"), { recursive: true });
}

/** Links to stored files are signed for a while: their query strings differ from one reading to the next. */
/**
 * What each memory card of a child's page holds (opened ones and sealed envelopes): its title, its notes and the files
 * and links it plays and saves, which the migration must keep exactly; the cards' words, the rest of the page (its
 * styles, the family's other controls) change with later features.
 */
const memoryCards = (html: string) =>
  (html.match(/<li class="card[^"]*"[^>]*>.*?<\/li>/gs) ?? []).map((card) => ({
    title: card.match(/<h[23]>(.*?)<\/h[23]>/s)?.[1] ?? null,
    notes: card.match(/<p class="notes">(.*?)<\/p>/s)?.[1] ?? null,
    links: [...card.matchAll(/(?:src|href|poster)="([^"]*)"/g)].map((match) => match[1]),
  }));

const withoutSignatures = (text: string) => text.replace(/(\/files\/[^\s"'<>?]*)\?[^\s"'<>]*/g, "$1").replace(/(https?:\/\/[^\s"'<>?]*)\?[^\s"'<>]*/g, "$1");

/**
 * Every entry of a ZIP by name, as its sha256 and size; memories.json as its parsed content. The archive's build
 * time (in memories.json and the offline player that embeds it) is left out: each build has its own. In an archive
 * packed now, so are the entries the app writes about the data rather than the data itself, which change with the
 * app and not with a migration: the letter, the offline player (its data is the manifest, compared) and the list of
 * checksums (the files' own sha256 are compared). Dad's archive of before is read whole, as it was stored.
 */
const APP_WRITTEN = new Set(["README.txt", "index.html", "SHA256SUMS"]);
async function zipContents(file: string, options: { packedNow: boolean }) {
  const entries = new Map([...(await readZip(file))].filter(([name]) => !(options.packedNow && APP_WRITTEN.has(name))));
  const isManifest = (name: string) => name.endsWith("memories.json");
  const builtAt = [...entries].filter(([name]) => isManifest(name)).map(([, bytes]) => (JSON.parse(bytes.toString("utf8")) as { createdAt: string }).createdAt);
  const withoutBuildTime = (name: string, bytes: Buffer) =>
    name.endsWith(".html") ? Buffer.from(builtAt.reduce((text, at) => text.replaceAll(at, "(build time)"), bytes.toString("utf8"))) : bytes;
  const files = Object.fromEntries(
    [...entries].filter(([name]) => !isManifest(name)).map(([name, bytes]) => [name, { sha256: sha256(withoutBuildTime(name, bytes)), sizeBytes: bytes.length }]),
  );
  const manifests = Object.fromEntries(
    [...entries].filter(([name]) => isManifest(name)).map(([name, bytes]) => {
      const manifest = JSON.parse(bytes.toString("utf8")) as { createdAt?: string };
      delete manifest.createdAt;
      return [name, manifest];
    }),
  );
  return { files, manifests };
}

/** The archive Dad built, as storage holds it now (found through its row, as his download link finds it). */
async function storedArchive(id: string) {
  const { rows } = await app().pool.query<{ file_key: string }>("SELECT file_key FROM archives WHERE id = $1 AND status = 'ready'", [id]);
  expect(rows).toHaveLength(1);
  return downloadStored(app(), { bucket: "exports", key: rows[0]!.file_key });
}

/** A guardian's 'Download all' of the child's opened memories, packed from the database as it is now (saved to a file). */
let address = 0;
async function childArchive(token: string) {
  const response = await app().app.request(`/family/${token}/archive`, { headers: { "x-forwarded-for": `198.51.100.${100 + (address++ % 100)}` } });
  expect(response.status).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-child-archive-")), "download.zip");
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

const orderedRows = async (statement: string) => (await app().pool.query(statement)).rows;

/** A card's fields added after the fixture was captured (each child's own unlock state), which its reading cannot hold. */
function withoutLaterFields<T extends { items: Array<{ unlock?: { forChildren?: unknown } }> }>(page: T) {
  for (const item of page.items) delete item.unlock?.forChildren;
  return page;
}

/** Everything the migration must keep, read as the app and its guardians read it (as JSON, like the fixture's reading). */
async function reading() {
  const t = app();
  const memories = await jsonRequest(t, "GET", "/api/memories?limit=500", { cookie: fixture.dad.cookie });
  expect(memories.status).toBe(200);
  const pages = Object.fromEntries(
    await Promise.all(
      Object.entries(tokens).map(async ([child, token]) => {
        const page = await t.app.request(`/family/${token}`, { headers: { "x-forwarded-for": "198.51.100.7" } });
        expect(page.status).toBe(200);
        return [child, memoryCards(withoutSignatures(await page.text()))];
      }),
    ),
  );
  const comments = await jsonRequest(t, "GET", `/api/videos/${fixture.videoId}/comments`, { cookie: fixture.dad.cookie });
  expect(comments.status).toBe(200);
  return JSON.parse(JSON.stringify({
    memories: withoutLaterFields(JSON.parse(withoutSignatures(await memories.text())) as { items: Array<{ id: string; kind: string; unlock?: { forChildren?: unknown } }> }),
    comments: ((await comments.json()) as { comments: unknown[] }).comments,
    childPages: pages,
    unlockInstants: await orderedRows(
      "SELECT memory_id, memory_kind, child_id, user_id, unlock_type, opens_at, milestone_reached_at, unlocked_at FROM memory_unlock_instants ORDER BY memory_id, child_id",
    ),
    unlocks: await orderedRows(
      "SELECT id, memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at, recorded_at, dispatched_at, released_early FROM memory_unlocks ORDER BY memory_id, child_id",
    ),
    deliveries: await orderedRows("SELECT * FROM family_deliveries ORDER BY memory_id, child_id, guardian_id"),
    confirmations: await orderedRows("SELECT * FROM milestone_confirmations ORDER BY memory_id, child_id, guardian_id"),
    archiveBefore: await zipContents(await storedArchive(fixture.archiveId), { packedNow: false }),
    childArchives: Object.fromEntries(
      await Promise.all(Object.entries(tokens).map(async ([child, token]) => [child, await zipContents(await childArchive(token), { packedNow: true })])),
    ),
  })) as typeof before;
}

/** Memories and their links to children, counted. */
async function rowCounts() {
  const [counts] = await orderedRows("SELECT (SELECT count(*)::int FROM memories) AS memories, (SELECT count(*)::int FROM memory_children) AS links");
  return counts;
}

/** Every file of a memory the fixture's storage holds (voices, photos, videos and their thumbnails), by bucket and key. */
function storedMemoryFiles() {
  return ["audio", "images", "videos"]
    .flatMap((bucket) => (fs.readdirSync(path.join(FIXTURE, "storage", bucket), { recursive: true }) as string[]).map((key) => ({ bucket, key })))
    .filter(({ bucket, key }) => fs.statSync(path.join(FIXTURE, "storage", bucket, key)).isFile())
    .sort((a, b) => `${a.bucket}/${a.key}`.localeCompare(`${b.bucket}/${b.key}`));
}

/** What the app of the schema of before read from the fixture's database, when the fixture was captured. */
const captured = JSON.parse(fs.readFileSync(path.join(FIXTURE, "reading.json"), "utf8")) as {
  memories: { items: Array<{ id: string; kind: string }> };
  comments: unknown[];
  childPages: Record<string, string>;
  unlockInstants: Array<Record<string, unknown>>;
  unlocks: Array<Record<string, unknown>>;
  deliveries: Array<Record<string, unknown>>;
  confirmations: Array<Record<string, unknown>>;
  archiveBefore: { files: Record<string, unknown> };
  childArchives: Record<"maya" | "leo", { files: Record<string, unknown> }>;
};
const before = {
  ...captured,
  childPages: Object.fromEntries(Object.entries(captured.childPages).map(([child, html]) => [child, memoryCards(html)])),
  childArchives: Object.fromEntries(
    Object.entries(captured.childArchives).map(([child, archive]) => [child, { ...archive, files: Object.fromEntries(Object.entries(archive.files).filter(([name]) => !APP_WRITTEN.has(name))) }]),
  ),
};

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  databaseUrl = database.url;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await applyMigrationsUpTo(client, LAST_TAG_BEFORE_MEMORY_TABLE);
  await loadFixture(client);
  await client.end();
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the memory model's migration", () => {
  it("starts from every kind in every state", async () => {
    const kinds = before.memories.items.map((item) => item.kind).sort();
    expect(kinds).toEqual(["narration", "narration", "note", "note", "note", "note", "video"]);
    expect(before.unlocks.some((row) => row.released_early)).toBe(true);
    expect(before.unlockInstants.some((row) => row.milestone_reached_at !== null)).toBe(true);
    expect(before.unlockInstants.some((row) => row.unlocked_at === null)).toBe(true);
    expect(before.confirmations).toHaveLength(1);
    expect(before.deliveries.some((row) => row.status === "sent")).toBe(true);
    expect(before.comments).not.toHaveLength(0);
    expect(Object.values(before.childPages).map((cards) => cards.length > 0)).toEqual([true, true]);
    expect(Object.keys(before.archiveBefore.files).length).toBeGreaterThan(5);
    expect(Object.keys(before.childArchives.maya.files).length).toBeGreaterThan(3);
  });

  it("keeps every memory, file, unlock, delivery, child page and archive as they were", async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl });
    await applyMigrations(pool);
    await pool.end();
    t = { ...(await startAppOn({ url: databaseUrl, env: { TRUST_PROXY: "true", DATA_DIR: dataDir } })), databaseUrl };
    expect(await reading()).toEqual(before);
    expect(await rowCounts()).toEqual({
      memories: fixture.tables.narrations!.length + fixture.tables.videos!.length,
      links: fixture.tables.narration_children!.length + fixture.tables.video_children!.length,
    });
    expect(await orderedRows("SELECT bucket, key FROM memory_files ORDER BY bucket, key")).toEqual(storedMemoryFiles());
  }, 120_000);

  it("changes nothing when it runs a second time", async () => {
    await applyMigrations(app().pool);
    expect(await reading()).toEqual(before);
    expect(await rowCounts()).toEqual({
      memories: fixture.tables.narrations!.length + fixture.tables.videos!.length,
      links: fixture.tables.narration_children!.length + fixture.tables.video_children!.length,
    });
  }, 120_000);
});
