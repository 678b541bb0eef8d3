import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { buildArchiveFile, createFamily, downloadStored, readZip, sha256 } from "../../../../tests/support/archives";
import { withDatabase } from "../../../../tests/support/global-setup";
import { jsonRequest, startAppOn, type TestApp } from "../../../../tests/support/test-app";
import { applyMigrations, MIGRATIONS_FOLDER } from "../../db/migrate";
import { acceptedGuardian, postNote } from "../guardians/guardians.test-support";

/**
 * The memory model's migration loses nothing: a database at the schema memories had before it (every migration
 * up to LAST_TAG_BEFORE), filled through the app with every kind of memory in every state, reads the same after the
 * migrations of today are applied, and the same again after they are applied a second time (nothing changes).
 * What is read: every memory as the app lists it, every file's bytes (sha256 and size, through the archive),
 * each memory's unlock instants and recorded unlocks per child, deliveries to guardians, confirmations,
 * comments, each child's page as a guardian sees it and its 'Download all', and the archive Dad built before
 * (as storage still holds it).
 */

/**
 * The newest migration before the one-table move. The app of today fills the database, so this names the newest
 * migration until that move is written; from then on the filling must come from a frozen copy of this schema.
 */
const LAST_TAG_BEFORE = "0031_child_key";

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

const adminUrl = inject("adminDatabaseUrl");
const databaseName = `memory_model_${Date.now().toString(36)}`;
const databaseUrl = withDatabase(adminUrl, databaseName);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

let t: TestApp & { stop: () => Promise<void> };
let family: Awaited<ReturnType<typeof createFamily>>;
let tokens: Record<"maya" | "leo", string>;
let archiveBefore: { id: string };

/** Links to stored files are signed for a while: their query strings differ from one reading to the next. */
const withoutSignatures = (text: string) => text.replace(/(\/files\/[^\s"'<>?]*)\?[^\s"'<>]*/g, "$1").replace(/(https?:\/\/[^\s"'<>?]*)\?[^\s"'<>]*/g, "$1");

/**
 * Every entry of a ZIP by name, as its sha256 and size; memories.json as its parsed content. The archive's build
 * time (in memories.json and the offline player that embeds it) is left out: each build has its own.
 */
async function zipContents(file: string) {
  const entries = await readZip(file);
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
  const { rows } = await t.pool.query<{ file_key: string }>("SELECT file_key FROM archives WHERE id = $1 AND status = 'ready'", [id]);
  expect(rows).toHaveLength(1);
  return downloadStored(t, { bucket: "exports", key: rows[0]!.file_key });
}

/** A guardian's 'Download all' of the child's opened memories, packed from the database as it is now (saved to a file). */
let address = 0;
async function childArchive(token: string) {
  const response = await t.app.request(`/family/${token}/archive`, { headers: { "x-forwarded-for": `198.51.100.${100 + (address++ % 100)}` } });
  expect(response.status).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "heydad-child-archive-")), "download.zip");
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

const orderedRows = async (statement: string) => (await t.pool.query(statement)).rows;

/** Everything the migration must keep, read as the app and its guardians read it. */
async function reading() {
  const memories = await jsonRequest(t, "GET", "/api/memories?limit=500", { cookie: family.dad.cookie });
  expect(memories.status).toBe(200);
  const pages = Object.fromEntries(
    await Promise.all(
      Object.entries(tokens).map(async ([child, token]) => {
        const page = await t.app.request(`/family/${token}`, { headers: { "x-forwarded-for": "198.51.100.7" } });
        expect(page.status).toBe(200);
        return [child, withoutSignatures(await page.text())];
      }),
    ),
  );
  const comments = await jsonRequest(t, "GET", `/api/videos/${family.videoId}/comments`, { cookie: family.dad.cookie });
  expect(comments.status).toBe(200);
  return {
    memories: JSON.parse(withoutSignatures(await memories.text())) as { items: Array<{ id: string; kind: string }> },
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
    archiveBefore: await zipContents(await storedArchive(archiveBefore.id)),
    childArchives: Object.fromEntries(await Promise.all(Object.entries(tokens).map(async ([child, token]) => [child, await zipContents(await childArchive(token))]))),
  };
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${databaseName}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(LAST_TAG_BEFORE) });
  await client.end();
  t = { ...(await startAppOn({ url: databaseUrl, env: { TRUST_PROXY: "true" } })), databaseUrl };

  family = await createFamily(t);
  const { dad, maya, leo } = family;
  // A milestone for both children, confirmed by Maya's guardian only: open for Maya, sealed for Leo.
  const milestone = await postNote(t, dad.cookie, [maya.id, leo.id], { title: "Your first day of school", unlockType: "milestone", unlockMilestone: "First day of school" });
  // Released early by Dad's legacy release, although its own rule says 30.
  await postNote(t, dad.cookie, [leo.id], { title: "If I am gone", unlockType: "age", unlockAge: 30, releaseEarly: true });
  // Still sealed: a milestone nobody confirmed (and a narration dated 2090, from createFamily).
  await postNote(t, dad.cookie, [maya.id], { title: "Your wedding", unlockType: "milestone", unlockMilestone: "Your wedding day" });
  const mayaGuardian = await acceptedGuardian(t, dad, { name: "Grandma Rose", childName: "Maya", body: { childIds: [maya.id] } });
  const leoGuardian = await acceptedGuardian(t, dad, { name: "Uncle Sam", childName: "Leo", body: { childIds: [leo.id] } });
  tokens = { maya: mayaGuardian.token, leo: leoGuardian.token };
  const confirmed = await t.app.request(`/family/${mayaGuardian.token}/confirm/${milestone}`, { method: "POST", headers: { "x-forwarded-for": "198.51.100.8" } });
  expect(confirmed.status).toBe(303);
  await t.services.memories.releaseEarly({ userId: dad.id, now: new Date() });
  // Delivered: the confirmed milestone reaches Maya's guardian (a single email, not a digest).
  const deadline = Date.now() + 30_000;
  while ((await t.pool.query("SELECT 1 FROM family_deliveries WHERE memory_id = $1 AND status = 'sent'", [milestone])).rowCount !== 1) {
    if (Date.now() > deadline) throw new Error("The confirmed milestone was not delivered to Maya's guardian");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  archiveBefore = await buildArchiveFile(t, dad.id);
}, 240_000);

afterAll(async () => {
  await t?.stop();
  await admin(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

describe("the memory model's migration", () => {
  let before: Awaited<ReturnType<typeof reading>>;

  it("starts from every kind in every state", async () => {
    before = await reading();
    const kinds = before.memories.items.map((item) => item.kind).sort();
    expect(kinds).toEqual(["narration", "narration", "note", "note", "note", "note", "video"]);
    expect(before.unlocks.some((row) => row.released_early)).toBe(true);
    expect(before.unlockInstants.some((row) => row.milestone_reached_at !== null)).toBe(true);
    expect(before.unlockInstants.some((row) => row.unlocked_at === null)).toBe(true);
    expect(before.confirmations).toHaveLength(1);
    expect(before.deliveries.some((row) => row.status === "sent")).toBe(true);
    expect(before.comments).not.toHaveLength(0);
    expect(Object.keys(before.archiveBefore.files).length).toBeGreaterThan(5);
    expect(Object.keys(before.childArchives.maya.files).length).toBeGreaterThan(3);
  });

  it("keeps every memory, file, unlock, delivery, child page and archive as they were", async () => {
    await applyMigrations(t.pool);
    expect(await reading()).toEqual(before);
  }, 120_000);

  it("changes nothing when it runs a second time", async () => {
    await applyMigrations(t.pool);
    expect(await reading()).toEqual(before);
  }, 120_000);
});
