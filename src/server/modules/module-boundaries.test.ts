import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getTableName, is, Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";

/**
 * A module owns the tables in its `<module>.table.ts`; other modules call its usecases and never write SQL over its
 * tables. This reads every server file that holds SQL (repositories, and any other file that queries through drizzle
 * or a raw client: usecases holding a transaction, jobs, middleware, infrastructure) and fails when one updates,
 * inserts into or deletes from a table another module owns, through drizzle (`.update(t)`, `.insert(t)`,
 * `.delete(t)`) or raw SQL (`UPDATE t`, `INSERT INTO t`, `DELETE FROM t`). Reads across modules (joins, subqueries)
 * are allowed. A file outside `modules/` (http/, jobs/, db/) owns no table, so any write it makes is to another's.
 */

const modulesDir = dirname(fileURLToPath(import.meta.url));
const serverDir = dirname(modulesDir);

/**
 * The cross-module writes that remain on purpose, as `<repository file>: <table>`. Each needs a reason;
 * an entry that no longer matches a write fails the test too, so the list only shrinks.
 */
const ALLOWED: Record<string, string> = {
  // Account deletion removes the user in one transaction: the users row (its ON DELETE CASCADE takes
  // every module's rows) and the auth rows that name the user without a foreign key (verifications
  // holding the id or address, rate-limit counters keyed by the id). Nothing may be left behind, atomically.
  "account/account.repository.ts: users": "account deletion, one transaction across modules",
  "account/account.repository.ts: rate_limits": "account deletion, one transaction across modules",
  "account/account.repository.ts: verifications": "account deletion, one transaction across modules",
  // A video is a memory kind, so the memories module owns its tables (and reads and edits every kind
  // without importing the videos module). The videos module saves a video from its upload, under the
  // uploads module's quota lock and in the transaction that consumes the upload, and records its processing.
  "videos/videos.repository.ts: memories": "a video saved from its upload and processed by the videos module",
  "videos/videos.repository.ts: memory_children": "a video's children saved with it, in the upload's transaction",
  "videos/videos.repository.ts: memory_files": "a video's playable file and thumbnail recorded as processing and Dad leave them",
  // A recording's captions are derived from its transcript: the captions file is recorded in the transaction that
  // stores the transcript it was built from, so the two never disagree.
  "transcripts/transcripts.repository.ts: memory_files": "a recording's captions file recorded with its transcript",
  // Saving a video consumes its upload: the upload row is deleted in the transaction that creates the
  // video (under the uploads module's per-user lock), so an upload is never both pending and a video.
  "videos/videos.repository.ts: uploads": "the upload handed over to its video, in one transaction",
  // One counters table serves better-auth's sign-in limits (the auth module declares it for better-auth) and the
  // per-route limits every module uses, which live with the HTTP infrastructure.
  "../http/rate-limit.ts: rate_limits": "one counters table shared by better-auth and the app's own limits",
};

/** byTableName: SQL name -> owning module; byFile: a `*.table.ts` path (no extension) -> export name -> SQL name. */
type Owners = { byTableName: Map<string, string>; byFile: Map<string, Map<string, string>> };
type Write = { file: string; table: string; owner: string; how: string };

/** Every table declared in a module's `*.table.ts`, by SQL name, with the module that owns it. */
async function loadOwners(): Promise<Owners> {
  const byTableName = new Map<string, string>();
  const byFile = new Map<string, Map<string, string>>();
  for (const module of readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const file of readdirSync(join(modulesDir, module.name)).filter((name) => name.endsWith(".table.ts"))) {
      const exported = (await import(join(modulesDir, module.name, file))) as Record<string, unknown>;
      const tables = new Map<string, string>();
      for (const [name, value] of Object.entries(exported)) {
        if (!is(value, Table)) continue;
        byTableName.set(getTableName(value), module.name);
        tables.set(name, getTableName(value));
      }
      byFile.set(join(modulesDir, module.name, file.replace(/\.ts$/, "")), tables);
    }
  }
  return { byTableName, byFile };
}

/** The names a repository imports from another module's `*.table.ts`: local name -> SQL name and owner. */
function foreignTableImports(file: string, source: string, owners: Owners): Map<string, { table: string; owner: string }> {
  const ownModule = moduleOf(file);
  const names = new Map<string, { table: string; owner: string }>();
  for (const [, list, from] of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const tables = owners.byFile.get(resolve(dirname(file), from));
    const owner = moduleOf(resolve(dirname(file), from));
    if (!tables || owner === ownModule) continue;
    for (const part of list.split(",").map((name) => name.trim()).filter(Boolean)) {
      const [, exported, local] = part.match(/^(?:type\s+)?(\w+)(?:\s+as\s+(\w+))?$/) ?? [];
      const table = exported && tables.get(exported);
      if (table) names.set(local ?? exported, { table, owner });
    }
  }
  return names;
}

/** The module a file belongs to; a file outside `modules/` is named by its folder under src/server (`../http`). */
const moduleOf = (path: string) => {
  const [first, second] = relative(modulesDir, path).split(/[\\/]/);
  return first === ".." ? `../${second}` : first;
};

/** The writes in one repository's source to tables that another module owns. */
export function crossModuleWrites(file: string, source: string, owners: Owners): Write[] {
  const ownModule = moduleOf(file);
  const imported = foreignTableImports(file, source, owners);
  const shortFile = relative(modulesDir, file).replaceAll("\\", "/");
  const writes: Write[] = [];
  // drizzle: db.update(profiles), tx.insert(billingAccounts), db.delete(users)
  for (const [, verb, identifier] of source.matchAll(/\.(update|insert|delete)\(\s*(\w+)\s*\)/g)) {
    const foreign = imported.get(identifier);
    if (foreign) writes.push({ file: shortFile, ...foreign, how: `.${verb}(${identifier})` });
  }
  // raw SQL: UPDATE profiles, INSERT INTO "users", DELETE FROM ${users}
  for (const [, verb, name, interpolated] of source.matchAll(/\b(UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(?:"?(\w+)"?|\$\{\s*(\w+)\s*\})/g)) {
    const how = verb.replace(/\s+/g, " ");
    if (interpolated) {
      const foreign = imported.get(interpolated);
      if (foreign) writes.push({ file: shortFile, ...foreign, how });
    } else {
      const owner = owners.byTableName.get(name);
      if (owner && owner !== ownModule) writes.push({ file: shortFile, table: name, owner, how });
    }
  }
  return writes;
}

/**
 * Whether a source holds SQL: it imports drizzle-orm, runs a drizzle query on a database or transaction
 * (`db.insert(`, `tx.update(`, `options.db.select(`), or sends raw SQL through a client (`.query("…")`).
 */
export function holdsSql(source: string) {
  return /from\s+["']drizzle-orm/.test(source) || /\b(?:db|tx)\s*\.\s*(?:select|insert|update|delete|execute|transaction)\s*\(/.test(source) || /\.query\(\s*["'`]/.test(source);
}

/** Every server file (tests and migrations left out) that holds SQL. */
function sqlFiles() {
  return readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.includes("migrations"))
    .map((name) => join(serverDir, name))
    .filter((file) => holdsSql(readFileSync(file, "utf8")));
}

describe("module boundaries", () => {
  it("no file that holds SQL writes a table that another module owns, except the commented allow-list", async () => {
    const owners = await loadOwners();
    const files = sqlFiles();
    const short = files.map((file) => relative(modulesDir, file).replaceAll("\\", "/"));
    expect(short, "files beyond the repositories that hold SQL").toEqual(
      expect.arrayContaining(["guardians/guardians.confirmations.ts", "memories/memories.unlocks.ts", "email/email.sender.ts", "auth/auth.totp-reuse.ts", "../http/rate-limit.ts"]),
    );
    const writes = files.flatMap((file) => crossModuleWrites(file, readFileSync(file, "utf8"), owners));
    const keys = new Set(writes.map((write) => `${write.file}: ${write.table}`));
    const forbidden = writes.filter((write) => !(`${write.file}: ${write.table}` in ALLOWED)).map((write) => `${write.file}: ${write.how} writes ${write.table} (owned by ${write.owner})`);
    expect(forbidden).toEqual([]);
    expect(Object.keys(ALLOWED).filter((key) => !keys.has(key)), "allow-list entries that no longer match a write").toEqual([]);
  });

  it("finds drizzle and raw SQL writes to another module's table, and leaves reads and own tables alone", async () => {
    const owners = await loadOwners();
    const file = join(modulesDir, "coach", "coach.repository.ts");
    const source = `
      import { profiles as dads } from "../profiles/profiles.table";
      import { users } from "../auth/auth.table";
      import { pocketDadResponses } from "./coach.table";
      db.update(dads).set({ pocketdadTone: null });
      await tx.delete(users).where(eq(users.id, id));
      db.$client.query("INSERT INTO billing_accounts (user_id) VALUES ($1)");
      sql\`DELETE FROM \${users} WHERE id = 1\`;
      db.select().from(dads).innerJoin(users, eq(users.id, dads.id));
      db.insert(pocketDadResponses).values(row);
      db.$client.query("INSERT INTO pocket_dad_topic_counts (user_id) VALUES ($1) ON CONFLICT DO UPDATE SET answers = 1");
    `;
    expect(crossModuleWrites(file, source, owners).map((write) => `${write.how} ${write.table} (${write.owner})`)).toEqual([
      ".update(dads) profiles (profiles)",
      ".delete(users) users (auth)",
      "INSERT INTO billing_accounts (billing)",
      "DELETE FROM users (auth)",
    ]);
  });
});
