import { beforeAll, describe, expect, it } from "vitest";
import { postNote as postNoteTo } from "../../../../tests/support/memories";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { children } from "../children/children.table";
import { notifications } from "../notifications/notifications.table";
import { eq } from "drizzle-orm";

/** How memories plug into access, the checklist and the daily notifications. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const postNote = (cookie: string, data: Record<string, unknown>) => postNoteTo(t, cookie, data);

async function dadWithChild(options: { ageDays?: number } = {}) {
  const dad = await createSignedInUser(t);
  if (options.ageDays) await t.pool.query("UPDATE profiles SET created_at = now() - make_interval(days => $2), has_access = false WHERE id = $1", [dad.id, options.ageDays]);
  const [child] = await t.db.insert(children).values({ userId: dad.id, name: "Maya", birthdate: "2014-03-02" }).returning();
  return { dad, child: child! };
}

describe("recording needs access", () => {
  it("refuses a new memory, a video upload and a video save after the free month without a plan (403 ACCESS_REQUIRED)", async () => {
    const { dad, child } = await dadWithChild({ ageDays: 31 });
    const note = await postNote(dad.cookie, { childIds: [child.id] });
    expect(note.status).toBe(403);
    expect((await note.json()).error.code).toBe("ACCESS_REQUIRED");
    const upload = await t.app.request("/api/uploads", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: dad.cookie, "tus-resumable": "1.0.0", "upload-length": "10" },
    });
    expect(upload.status).toBe(403);
    const video = await jsonRequest(t, "POST", "/api/videos", { cookie: dad.cookie, body: { uploadId: "x", title: "x", childIds: [child.id], unlockType: "now" } });
    expect(video.status).toBe(403);
  });

  it("lets a dad in his free month record", async () => {
    const { dad, child } = await dadWithChild();
    expect((await postNote(dad.cookie, { childIds: [child.id] })).status).toBe(201);
  });
});

describe("the checklist's first memory", () => {
  it("ticks once the dad has saved any memory", async () => {
    const { dad, child } = await dadWithChild();
    const before = await (await jsonRequest(t, "GET", "/api/checklist", { cookie: dad.cookie })).json();
    expect(before.hasMemory).toBe(false);
    await postNote(dad.cookie, { childIds: [child.id] });
    const after = await (await jsonRequest(t, "GET", "/api/checklist", { cookie: dad.cookie })).json();
    expect(after.hasMemory).toBe(true);
  });
});

describe("memory_unlocked notifications", () => {
  it("the unlock job announces a memory when its date arrives, once per child", async () => {
    const { dad, child } = await dadWithChild();
    await postNote(dad.cookie, { childIds: [child.id], title: "Open on your birthday", unlockType: "date", unlockDate: "2030-03-02" });
    await t.services.memoryUnlocks.run({ now: new Date("2030-03-01T12:00:00Z") });
    await t.services.notifications.runDaily();
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, dad.id))).toHaveLength(0);

    await t.services.memoryUnlocks.run({ now: new Date("2030-03-02T12:00:00Z") });
    await t.services.memoryUnlocks.run({ now: new Date("2030-03-03T12:00:00Z") });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, dad.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "memory_unlocked", childName: "Maya", message: '"Open on your birthday" is now unlocked for Maya.' });
  });
});
