import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TINY_PNG } from "../../../../tests/support/images";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp, waitForEmail } from "../../../../tests/support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Every column in the database that references users(id), found from the catalogue. */
async function tablesReferencingUsers() {
  const { rows } = await t.pool.query<{ table_name: string; column_name: string; delete_rule: string }>(`
    SELECT kcu.table_name, kcu.column_name, rc.delete_rule
    FROM information_schema.referential_constraints rc
    JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
    JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
    WHERE ccu.table_name = 'users' AND ccu.column_name = 'id' AND kcu.table_schema = 'public'`);
  return rows;
}

async function rowsOf(userId: string) {
  const counts: Record<string, number> = {};
  for (const { table_name, column_name } of await tablesReferencingUsers()) {
    const { rows } = await t.pool.query(`SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}" = $1`, [userId]);
    counts[`${table_name}.${column_name}`] = rows[0].n;
  }
  counts["users.id"] = (await t.pool.query("SELECT count(*)::int AS n FROM users WHERE id = $1", [userId])).rows[0].n;
  return counts;
}

async function fillAccount(user: { id: string; cookie: string }) {
  const child = (await (await jsonRequest(t, "POST", "/api/children", { cookie: user.cookie, body: { name: "Maya", birthdate: "2019-05-05" } })).json()).child;
  await t.app.request(`/api/children/${child.id}/photo`, { method: "PUT", headers: { cookie: user.cookie, origin: TEST_ORIGIN }, body: new Uint8Array(TINY_PNG) });
  await jsonRequest(t, "PUT", "/api/settings/notifications", { cookie: user.cookie, body: { emailNotifications: false, pushNotifications: true, childRequests: true, videoReminders: true } });
  for (const bucket of ["images", "audio", "videos"] as const) {
    await t.services.storage.put({ bucket, key: `${user.id}/memory.bin`, body: Buffer.from("memory"), contentType: "application/octet-stream" });
  }
  return { uploadId: await startUpload(user) };
}

/** A video upload left half-sent: its bytes are outside the database. */
async function startUpload(user: { cookie: string }) {
  const tus = { origin: TEST_ORIGIN, cookie: user.cookie, "tus-resumable": "1.0.0" };
  const created = await t.app.request("/api/uploads", { method: "POST", headers: { ...tus, "upload-length": "10" } });
  const location = created.headers.get("location") ?? "";
  const patched = await t.app.request(location, { method: "PATCH", headers: { ...tus, "upload-offset": "0", "content-type": "application/offset+octet-stream" }, body: new Uint8Array(4) });
  expect(patched.status).toBe(204);
  return location.split("/").at(-1) ?? "";
}

/** Whether an upload still has bytes in the datastore. */
async function uploadBytesExist(uploadId: string) {
  const copy = await t.services.uploads.localCopy(uploadId);
  await copy?.release();
  return copy !== null;
}

describe("account deletion", () => {
  it("every table that references users deletes with the user (ON DELETE CASCADE) or lets go of it", async () => {
    const references = await tablesReferencingUsers();
    expect(references.map((r) => r.table_name)).toEqual(expect.arrayContaining(["profiles", "sessions", "accounts", "children", "user_settings", "two_factors"]));
    // Kept, but no longer pointing at anyone: a gift code bought by someone else stays a used code;
    // anonymous experiment assignments and product events keep the totals honest.
    const keptWithoutTheUser = [
      { table_name: "analytics_events", column_name: "user_id", delete_rule: "SET NULL" },
      { table_name: "gift_codes", column_name: "redeemed_by", delete_rule: "SET NULL" },
      { table_name: "landing_page_assignments", column_name: "user_id", delete_rule: "SET NULL" },
    ];
    const nonCascading = references.filter((r) => r.delete_rule !== "CASCADE").sort((a, b) => a.table_name.localeCompare(b.table_name));
    expect(nonCascading).toEqual(keptWithoutTheUser);
  });

  it("needs the confirmation box", async () => {
    const user = await createSignedInUser(t);
    const response = await jsonRequest(t, "DELETE", "/api/account", { cookie: user.cookie, body: { confirm: false } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("confirm: Please tick the box to confirm you want to delete your account");
    expect((await rowsOf(user.id))["users.id"]).toBe(1);
  });

  it("cancels the subscription, leaves no row in any table and no file under the user's prefixes, ends every session", async () => {
    const user = await createSignedInUser(t);
    const keeper = await createSignedInUser(t);
    const { uploadId } = await fillAccount(user);
    const kept = await fillAccount(keeper);
    expect(await uploadBytesExist(uploadId)).toBe(true);
    const secondSession = (await t.services.auth.api.signInEmail({ body: { email: user.email, password: user.password }, asResponse: true })).headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: secondSession })).status).toBe(200);
    const before = await rowsOf(user.id);
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7);
    expect(await t.services.storage.listUserFiles({ userId: user.id })).toHaveLength(4);

    const cancelled: string[] = [];
    const original = t.services.billing.cancelForAccountDeletion;
    t.services.billing.cancelForAccountDeletion = async ({ userId }) => {
      cancelled.push(userId);
    };
    let response: Response;
    try {
      response = await jsonRequest(t, "DELETE", "/api/account", { cookie: user.cookie, body: { confirm: true } });
    } finally {
      t.services.billing.cancelForAccountDeletion = original;
    }
    expect(response.status).toBe(204);
    expect(cancelled).toEqual([user.id]);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/session_token=;.*Max-Age=0/i);

    expect(Object.values(await rowsOf(user.id)).every((count) => count === 0)).toBe(true);
    expect(await t.services.storage.listUserFiles({ userId: user.id })).toEqual([]);
    expect(await uploadBytesExist(uploadId)).toBe(false);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: user.cookie })).status).toBe(401);
    expect((await jsonRequest(t, "GET", "/api/me", { cookie: secondSession })).status).toBe(401);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM profiles WHERE email = $1", [user.email])).rows[0].n).toBe(0);

    // The other dad keeps everything.
    expect((await rowsOf(keeper.id))["children.user_id"]).toBe(1);
    expect(await t.services.storage.listUserFiles({ userId: keeper.id })).toHaveLength(4);
    expect(await uploadBytesExist(kept.uploadId)).toBe(true);
  });

  it("stops before deleting anything when the subscription cannot be cancelled", async () => {
    const user = await createSignedInUser(t);
    const original = t.services.billing.cancelForAccountDeletion;
    t.services.billing.cancelForAccountDeletion = async () => {
      throw Object.assign(new Error("stripe is down"), {});
    };
    try {
      await expect(t.services.account.deleteAccount({ userId: user.id })).rejects.toThrow("stripe is down");
    } finally {
      t.services.billing.cancelForAccountDeletion = original;
    }
    expect((await rowsOf(user.id))["users.id"]).toBe(1);
  });

  it("leaves no trace: no column of any table (pg-boss's jobs included) names the user's id or email, no folder is named by the id", async () => {
    const user = await createSignedInUser(t);
    await fillAccount(user);
    // What else names a dad: a password reset (a verification row and an email), an email still
    // queued with a child's name, what the development mailbox received, a rate-limit counter.
    expect((await jsonRequest(t, "POST", "/api/auth/request-password-reset", { body: { email: user.email, redirectTo: "/reset-password" } })).status).toBe(200);
    await waitForEmail(t, user.email);
    await t.services.jobs.boss.send("send-email", { to: user.email, subject: "A memory for Maya unlocks today", html: "<p>Maya</p>", text: "Maya" }, { startAfter: new Date(Date.now() + 3_600_000) });
    await jsonRequest(t, "POST", "/api/pocket-dad", { cookie: user.cookie, body: { prompt: "How do I talk to Maya about school?" } });
    expect(await tracesOf(user)).not.toEqual([]);

    expect((await jsonRequest(t, "DELETE", "/api/account", { cookie: user.cookie, body: { confirm: true } })).status).toBe(204);

    expect(await tracesOf(user)).toEqual([]);
    expect(foldersNamed(t.config.storage.kind === "local" ? t.config.storage.root : "", user.id)).toEqual([]);
    expect(foldersNamed(t.config.uploads.dir, user.id)).toEqual([]);
  });
});

/** Every text, json and array column of every table in every schema (pgboss included) that holds the user's id or email. */
async function tracesOf(user: { id: string; email: string }) {
  const { rows: columns } = await t.pool.query<{ table_schema: string; table_name: string; column_name: string }>(`
    SELECT c.table_schema, c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
    WHERE c.table_schema NOT IN ('pg_catalog', 'information_schema')
      AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED') OR c.udt_name = 'uuid')`);
  const found: string[] = [];
  for (const { table_schema, table_name, column_name } of columns) {
    const column = `"${table_schema}"."${table_name}"."${column_name}"`;
    const { rows } = await t.pool.query(
      `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE strpos(lower("${column_name}"::text), $1) > 0 OR strpos(lower("${column_name}"::text), $2) > 0`,
      [user.id.toLowerCase(), user.email.toLowerCase()],
    );
    if (rows[0].n > 0) found.push(`${column}: ${rows[0].n}`);
  }
  return found;
}

/** Files and folders under `root` whose name contains `name`. */
function foldersNamed(root: string, name: string): string[] {
  if (!root || !fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => path.basename(entry).includes(name));
}
