import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { daytimeZone } from "../../../../tests/support/daytime-zone";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp, waitForEmail } from "../../../../tests/support/test-app";
import { acceptedGuardian, postNote } from "./guardians.test-support";

/**
 * A guardian's confirmation reads what it needs, once: whether the link lets this guardian confirm for this
 * child is one query, and neither the confirmation nor the delivery it opens reads a list of the child's
 * memories (a child with many memories costs the same as a child with one). The statements are seen where
 * they leave for PostgreSQL (every client of this process), and only those that name the tables involved count.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: "true" });
});

type Sent = { text: string; name?: string };
let sent: Sent[] | null = null;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  if (sent) sent.push(typeof first === "string" ? { text: first } : { text: String((first as Sent)?.text ?? ""), name: (first as Sent)?.name });
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
afterEach(() => {
  sent = null;
});

/** What ran while `action` did: the statements that read or write the named tables. */
async function statementsOf(action: () => Promise<unknown>) {
  sent = [];
  await action();
  const seen = sent;
  sent = null;
  return seen;
}
/** Reads of the link, its guardian or the children (the rate limit's own statement is not part of the question). */
const asksAboutTheLink = (statement: Sent) => /family_links|guardians|children/.test(statement.text);
/** The memories list (a page of a child's memories) is a named statement without an id in its name. */
const listsMemories = (statement: Sent) => statement.name !== undefined && /^memories_/.test(statement.name) && !/_id(_|$)/.test(statement.name);

describe("a guardian's confirmation reads narrowly", () => {
  it("asks once whether the link may confirm for this child, and reads no list of the child's memories, up to the delivery email", async () => {
    const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
    const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2013-03-14" } })).json()).child as { id: string };
    for (const title of ["One", "Two", "Three"]) await postNote(t, dad.cookie, [maya.id], { title });
    const memoryId = await postNote(t, dad.cookie, [maya.id], { title: "Graduation", unlockType: "milestone", unlockMilestone: "When you graduate" });
    const grandma = await acceptedGuardian(t, dad, { name: "Grandma Rose" });

    const statements = await statementsOf(async () => {
      const confirmed = await t.app.request(`/family/${grandma.token}/confirm/${memoryId}`, { method: "POST", headers: { "x-forwarded-for": "198.51.100.20" } });
      expect(confirmed.status).toBe(303);
      await waitForEmail(t, grandma.email, { subjectIncludes: "A message from Dad for" });
    });

    // Before the confirmation's transaction takes the account's lock, the link's question (its guardian, its child) is asked once.
    const lock = statements.findIndex((statement) => /pg_advisory_xact_lock/.test(statement.text));
    expect(statements.slice(0, lock).filter(asksAboutTheLink)).toHaveLength(1);
    expect(statements.filter(listsMemories).map((statement) => statement.name)).toEqual([]);
  }, 60_000);

  it("asks its question ('Has it happened?') without reading a list of the child's memories", async () => {
    const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
    const maya = (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name: "Maya", birthdate: "2013-03-14" } })).json()).child as { id: string };
    for (const title of ["One", "Two", "Three"]) await postNote(t, dad.cookie, [maya.id], { title });
    const memoryId = await postNote(t, dad.cookie, [maya.id], { title: "Graduation", unlockType: "milestone", unlockMilestone: "When you graduate" });
    const grandma = await acceptedGuardian(t, dad, { name: "Grandma Rose" });

    let page = "";
    const statements = await statementsOf(async () => {
      const asked = await t.app.request(`/family/${grandma.token}/confirm/${memoryId}`, { headers: { "x-forwarded-for": "198.51.100.22" } });
      expect(asked.status).toBe(200);
      page = await asked.text();
    });

    expect(page).toContain("Has “When you graduate” happened?");
    expect(page).toContain("Maya's note will open for Maya now");
    expect(statements.filter(listsMemories).map((statement) => statement.name)).toEqual([]);
  }, 60_000);

  it("still refuses what the link may not do: a paused guardian, another child's memory", async () => {
    const dad = await createSignedInUser(t, { timeZone: daytimeZone() });
    const child = async (name: string) => (await (await jsonRequest(t, "POST", "/api/children", { cookie: dad.cookie, body: { name, birthdate: "2013-03-14" } })).json()).child as { id: string };
    const maya = await child("Maya");
    const leo = await child("Leo");
    const leos = await postNote(t, dad.cookie, [leo.id], { title: "Leo's", unlockType: "milestone", unlockMilestone: "Leo's first job" });
    const mayas = await postNote(t, dad.cookie, [maya.id], { title: "Maya's", unlockType: "milestone", unlockMilestone: "Maya's first job" });
    const grandma = await acceptedGuardian(t, dad, { name: "Grandma Rose", body: { childIds: [maya.id] } });
    const confirm = (memory: string) => t.app.request(`/family/${grandma.token}/confirm/${memory}`, { method: "POST", headers: { "x-forwarded-for": "198.51.100.21" } });

    expect((await confirm(leos)).status).toBe(404);
    const paused = await jsonRequest(t, "PUT", `/api/guardians/${grandma.id}/paused`, { cookie: dad.cookie, body: { paused: true } });
    expect(paused.status).toBe(200);
    expect((await confirm(mayas)).status).toBe(404);
  }, 60_000);
});
