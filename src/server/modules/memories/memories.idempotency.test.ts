import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { children } from "../children/children.table";
import { memories } from "./memories.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function dadWithChild() {
  const dad = await createSignedInUser(t);
  const [child] = await t.db.insert(children).values({ userId: dad.id, name: "Maya", birthdate: "2015-04-02" }).returning();
  return { dad, childId: child!.id };
}

function postNote(cookie: string, childId: string, key?: string) {
  const form = new FormData();
  form.set("data", JSON.stringify({ kind: "note", title: "Bedtime", notes: "One more story.", childIds: [childId], unlockType: "now" }));
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie };
  if (key !== undefined) headers["Idempotency-Key"] = key;
  return t.app.request("/api/narrations", { method: "POST", headers, body: form });
}

const rowsOf = async (userId: string) => t.db.select({ id: memories.id }).from(memories).where(eq(memories.userId, userId));
const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;

describe("one memory per form submission (Idempotency-Key)", () => {
  it("two requests at once with the same key make one memory and both answer with it", async () => {
    const { dad, childId } = await dadWithChild();
    const key = randomUUID();
    const [first, second] = await Promise.all([postNote(dad.cookie, childId, key), postNote(dad.cookie, childId, key)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const ids = [await idOf(first), await idOf(second)];
    expect(ids[0]).toBe(ids[1]);
    expect(await rowsOf(dad.id)).toEqual([{ id: ids[0] }]);
  });

  it("a retry after a dropped connection returns the first memory; a new submission (new key) makes another", async () => {
    const { dad, childId } = await dadWithChild();
    const key = randomUUID();
    const first = await idOf(await postNote(dad.cookie, childId, key));
    const retry = await postNote(dad.cookie, childId, key.toUpperCase());
    expect(retry.status).toBe(201);
    expect(await idOf(retry)).toBe(first);
    const other = await idOf(await postNote(dad.cookie, childId, randomUUID()));
    expect(other).not.toBe(first);
    expect(await rowsOf(dad.id)).toHaveLength(2);
  });

  it("keys are per dad: another dad's key never returns or blocks his memory", async () => {
    const one = await dadWithChild();
    const two = await dadWithChild();
    const key = randomUUID();
    const mine = await idOf(await postNote(one.dad.cookie, one.childId, key));
    const theirs = await postNote(two.dad.cookie, two.childId, key);
    expect(theirs.status).toBe(201);
    expect(await idOf(theirs)).not.toBe(mine);
    expect(await rowsOf(two.dad.id)).toHaveLength(1);
  });

  it("without a key each request still makes its own memory; a key that is not a UUID is refused", async () => {
    const { dad, childId } = await dadWithChild();
    await postNote(dad.cookie, childId);
    await postNote(dad.cookie, childId);
    expect(await rowsOf(dad.id)).toHaveLength(2);
    for (const bad of ["", "1", "'; DROP TABLE narrations; --", "x".repeat(500)]) {
      const response = await postNote(dad.cookie, childId, bad);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("VALIDATION_ERROR");
    }
    expect(await rowsOf(dad.id)).toHaveLength(2);
  });
});
