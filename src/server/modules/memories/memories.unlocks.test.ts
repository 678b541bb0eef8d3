import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { insertMemories, postNote as postNoteTo } from "../../../../tests/support/memories";
import { createSignedInUser, createTestApp, jsonRequest, startAppOn, type TestApp } from "../../../../tests/support/test-app";
import { createChild, uploadBytes } from "../../../../tests/support/videos";
import { eq } from "drizzle-orm";
import { children } from "../children/children.table";

/** Stored unlock instants, unlock events recorded once, their durable delivery, and one video per upload. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const postNote = (cookie: string, data: Record<string, unknown>) => postNoteTo(t, cookie, data);

async function dadWithChild(options: { timeZone?: string; birthdate?: string } = {}) {
  const dad = await createSignedInUser(t, options.timeZone ? { timeZone: options.timeZone } : {});
  if (options.timeZone) await t.pool.query("UPDATE profiles SET time_zone = $2 WHERE id = $1", [dad.id, options.timeZone]);
  const [child] = await t.db.insert(children).values({ userId: dad.id, name: "Maya", birthdate: options.birthdate ?? "2014-03-02" }).returning();
  return { dad, child: child! };
}

async function instants(memoryId: string) {
  const { rows } = await t.pool.query(
    "SELECT child_id, memory_kind, unlock_type, opens_at, unlocked_at FROM memory_unlock_instants WHERE memory_id = $1 ORDER BY child_id",
    [memoryId],
  );
  return rows as Array<{ child_id: string; memory_kind: string; unlock_type: string; opens_at: Date | null; unlocked_at: Date | null }>;
}

/** A processed video for these children, its instants stored as the memories module does once it is ready. */
async function processedVideoFor(userId: string, childIds: string[], rule: { unlockType: "age"; unlockAge: number }) {
  const [{ id }] = await insertMemories(t.db, userId, [
    {
      kind: "video",
      title: "Clip",
      uploadId: randomUUID(),
      processingStatus: "completed",
      processingProgress: 100,
      ...rule,
      files: [
        { role: "playable_video", bucket: "videos", key: "k/v.mp4" },
        { role: "thumbnail", bucket: "videos", key: "k/t.jpg" },
      ],
      childIds,
    },
  ]);
  await t.services.memoryUnlocks.recompute({ userId, memoryId: id });
  return { id };
}

const unlocksOf = async (memoryId: string) => (await t.pool.query("SELECT * FROM memory_unlocks WHERE memory_id = $1", [memoryId])).rows;

describe("stored unlock instants", () => {
  it("are stored when a memory is saved: a date opens at the start of that day in the account's time zone", async () => {
    const { dad, child } = await dadWithChild({ timeZone: "Pacific/Auckland" });
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id], unlockType: "date", unlockDate: "2030-06-01" })).json();
    expect(await instants(id)).toEqual([{ child_id: child.id, memory_kind: "note", unlock_type: "date", opens_at: new Date("2030-05-31T12:00:00.000Z"), unlocked_at: null }]);
  });

  it("move when the account's time zone changes", async () => {
    const { dad, child } = await dadWithChild();
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id], unlockType: "date", unlockDate: "2030-06-01" })).json();
    expect((await instants(id))[0]?.opens_at).toEqual(new Date("2030-06-01T00:00:00.000Z"));
    const saved = await jsonRequest(t, "PUT", "/api/settings/profile", { cookie: dad.cookie, body: { fullName: "Sam", phone: "", timeZone: "America/Los_Angeles" } });
    expect(saved.status).toBe(200);
    expect((await instants(id))[0]?.opens_at).toEqual(new Date("2030-06-01T07:00:00.000Z"));
  });

  it("move when a child's birthdate changes (age rules), and stay when only the name changes", async () => {
    const { dad, child } = await dadWithChild({ birthdate: "2014-03-02" });
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id], unlockType: "age", unlockAge: 18 })).json();
    expect((await instants(id))[0]?.opens_at).toEqual(new Date("2032-03-02T00:00:00.000Z"));
    const edited = await jsonRequest(t, "PATCH", `/api/children/${child.id}`, { cookie: dad.cookie, body: { name: "Maya", birthdate: "2016-02-29" } });
    expect(edited.status).toBe(200);
    // 29 February falls on 28 February in a common year, as everywhere else in the app (ages, 'Coming up', birthdays).
    expect((await instants(id))[0]?.opens_at).toEqual(new Date("2034-02-28T00:00:00.000Z"));
  });

  it("an age rule for two children opens for each on their own birthday: two dates, and the job opens it for the older one only", async () => {
    const { dad, child: emma } = await dadWithChild({ birthdate: "2015-03-14" });
    await t.db.update(children).set({ name: "Emma" }).where(eq(children.id, emma.id));
    const [noah] = await t.db.insert(children).values({ userId: dad.id, name: "Noah", birthdate: "2019-06-02" }).returning();
    const { id } = await (await postNote(dad.cookie, { title: "At 18", childIds: [emma.id, noah!.id], unlockType: "age", unlockAge: 18 })).json();
    const opensAt = async () => Object.fromEntries((await instants(id)).map((row) => [row.child_id, row.opens_at?.toISOString()]));
    expect(await opensAt()).toEqual({ [emma.id]: "2033-03-14T00:00:00.000Z", [noah!.id]: "2037-06-02T00:00:00.000Z" });

    const card = async () => {
      const list = await (await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie })).json();
      return list.items.find((item: { id: string }) => item.id === id).unlock;
    };
    expect(await card()).toMatchObject({
      unlocked: false,
      label: "Age 18",
      forChildren: [
        { childId: emma.id, name: "Emma", unlocked: false, date: "2033-03-14" },
        { childId: noah!.id, name: "Noah", unlocked: false, date: "2037-06-02" },
      ],
    });
    const comingUp = async () => (await (await jsonRequest(t, "GET", "/api/memories/coming-up", { cookie: dad.cookie })).json()).unlocks.map((unlock: { forNames: string[]; unlocksAt: string }) => [unlock.forNames, unlock.unlocksAt]);
    expect(await comingUp()).toEqual([
      [["Emma"], "2033-03-14T00:00:00.000Z"],
      [["Noah"], "2037-06-02T00:00:00.000Z"],
    ]);

    // Emma's 18th birthday: the job opens it for her alone (this memory's run: other tests of the file share the database).
    expect(await t.services.memoryUnlocks.run({ now: new Date("2033-03-14T00:00:01Z"), memoryId: id })).toMatchObject({ recorded: 1 });
    expect((await unlocksOf(id)).map((row) => row.child_id)).toEqual([emma.id]);
    expect((await card()).forChildren.map((child: { unlocked: boolean }) => child.unlocked)).toEqual([true, false]);
    expect(await comingUp()).toEqual([[["Noah"], "2037-06-02T00:00:00.000Z"]]);
    const openFor = async (childId: string) => (await t.services.memories.listForChild({ userId: dad.id, childId, unlockedOnly: true })).map((item) => item.id);
    expect(await openFor(emma.id)).toEqual([id]);
    expect(await openFor(noah!.id)).toEqual([]);
    // The day before Noah's, still nothing for him; on it, his.
    expect((await t.services.memoryUnlocks.run({ now: new Date("2037-06-01T23:59:59Z"), memoryId: id })).recorded).toBe(0);
    expect((await t.services.memoryUnlocks.run({ now: new Date("2037-06-02T00:00:00Z"), memoryId: id })).recorded).toBe(1);
    expect(await openFor(noah!.id)).toEqual([id]);
  });

  it("a milestone has no instant until it is marked reached; then it is recorded and announced once", async () => {
    const { dad, child } = await dadWithChild();
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id], unlockType: "milestone", unlockMilestone: "Graduation" })).json();
    expect((await instants(id))[0]?.opens_at).toBeNull();
    await t.services.memoryUnlocks.run({ now: new Date("2099-01-01T00:00:00Z") });
    expect(await unlocksOf(id)).toHaveLength(0);
    expect((await jsonRequest(t, "POST", `/api/narrations/${id}/unlock`, { cookie: dad.cookie })).status).toBe(200);
    const [unlock] = await unlocksOf(id);
    expect(unlock).toMatchObject({ child_id: child.id, unlock_type: "milestone", memory_kind: "note" });
    expect(unlock.dispatched_at).not.toBeNull();
    const bell = await t.pool.query("SELECT message FROM notifications WHERE user_id = $1 AND type = 'memory_unlocked'", [dad.id]);
    expect(bell.rows).toEqual([{ message: '"For later" is now unlocked for Maya.' }]);
  });

  it("a 'now' memory gets its unlock event when saved, and the bell stays quiet about it (as before)", async () => {
    const { dad, child } = await dadWithChild();
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id] })).json();
    const [unlock] = await unlocksOf(id);
    expect(unlock).toMatchObject({ child_id: child.id, unlock_type: "now" });
    expect(unlock.dispatched_at).not.toBeNull();
    expect((await t.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1", [dad.id])).rows[0].n).toBe(0);
  });

  it("go with the memory, the child or the account", async () => {
    const { dad, child } = await dadWithChild();
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id], unlockType: "date", unlockDate: "2030-01-01" })).json();
    expect(await instants(id)).toHaveLength(1);
    expect((await jsonRequest(t, "DELETE", `/api/narrations/${id}`, { cookie: dad.cookie })).status).toBe(204);
    expect(await instants(id)).toHaveLength(0);
  });
});

describe("deleting a child", () => {
  it("leaves the remaining child's own birthday for an age rule shared with the deleted child", async () => {
    const { dad, child: maya } = await dadWithChild({ birthdate: "2014-03-02" });
    const [leo] = await t.db.insert(children).values({ userId: dad.id, name: "Leo", birthdate: "2018-07-01" }).returning();
    const note = await (await postNote(dad.cookie, { childIds: [maya.id, leo!.id], unlockType: "age", unlockAge: 18 })).json();
    const video = await processedVideoFor(dad.id, [maya.id, leo!.id], { unlockType: "age", unlockAge: 18 });
    const mayaOnly = await (await postNote(dad.cookie, { childIds: [maya.id], unlockType: "date", unlockDate: "2031-01-01" })).json();
    expect(Object.fromEntries((await instants(note.id)).map((row) => [row.child_id, row.opens_at?.toISOString()]))).toEqual({
      [maya.id]: "2032-03-02T00:00:00.000Z",
      [leo!.id]: "2036-07-01T00:00:00.000Z",
    });

    expect((await jsonRequest(t, "DELETE", `/api/children/${maya.id}`, { cookie: dad.cookie })).status).toBe(204);
    // Leo's own 18th birthday now, for the note and the video; nothing is left for Maya.
    for (const id of [note.id, video.id]) {
      expect(await instants(id)).toEqual([expect.objectContaining({ child_id: leo!.id, opens_at: new Date("2036-07-01T00:00:00.000Z"), unlocked_at: null })]);
    }
    expect(await instants(mayaOnly.id)).toEqual([]);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM memory_unlock_instants WHERE child_id = $1", [maya.id])).rows[0].n).toBe(0);
  });

  it("never re-locks a memory that has already opened for the remaining child", async () => {
    const { dad, child: older } = await dadWithChild({ birthdate: "2000-01-10" });
    const [younger] = await t.db.insert(children).values({ userId: dad.id, name: "Leo", birthdate: "2005-05-05" }).returning();
    const { id } = await (await postNote(dad.cookie, { childIds: [older.id, younger!.id], unlockType: "age", unlockAge: 18 })).json();
    const opened = Object.fromEntries((await instants(id)).map((row) => [row.child_id, row.unlocked_at?.toISOString()]));
    expect(opened).toEqual({ [older.id]: "2018-01-10T00:00:00.000Z", [younger!.id]: "2023-05-05T00:00:00.000Z" });

    expect((await jsonRequest(t, "DELETE", `/api/children/${older.id}`, { cookie: dad.cookie })).status).toBe(204);
    expect(await instants(id)).toEqual([expect.objectContaining({ child_id: younger!.id, unlocked_at: new Date("2023-05-05T00:00:00.000Z") })]);
    expect((await unlocksOf(id)).map((row) => row.child_id)).toEqual([younger!.id]);
  });
});

describe("unlock events", () => {
  it("are recorded exactly once with two app nodes running the job at the same moment", async () => {
    const { dad, child } = await dadWithChild();
    const [second] = await t.db.insert(children).values({ userId: dad.id, name: "Leo", birthdate: "2016-01-01" }).returning();
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const { id } = await (await postNote(dad.cookie, { childIds: [child.id, second!.id], title: `Letter ${i}`, unlockType: "date", unlockDate: "2031-01-01" })).json();
      ids.push(id);
    }
    const other = await startAppOn({ url: t.databaseUrl });
    try {
      const now = new Date("2031-01-02T00:00:00Z");
      const results = await Promise.all([t.services.memoryUnlocks.run({ now }), other.services.memoryUnlocks.run({ now }), t.services.memoryUnlocks.run({ now })]);
      expect(results.reduce((sum, result) => sum + result.recorded, 0)).toBe(60);
      const { rows } = await t.pool.query("SELECT count(*)::int AS n, count(DISTINCT (memory_id, child_id))::int AS pairs FROM memory_unlocks WHERE user_id = $1", [dad.id]);
      expect(rows[0]).toEqual({ n: 60, pairs: 60 });
      const bell = await t.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'memory_unlocked'", [dad.id]);
      expect(bell.rows[0].n).toBe(60);
      expect((await other.services.memoryUnlocks.run({ now })).recorded).toBe(0);
    } finally {
      await other.stop();
    }
  });

  it("are delivered again after a subscriber fails, until every subscriber has succeeded", async () => {
    const { dad, child } = await dadWithChild();
    let failNext = true;
    const seen: string[] = [];
    t.services.events.on("memory.unlocked", async (event) => {
      if (event.userId !== dad.id) return;
      seen.push(event.memoryId);
      if (failNext) {
        failNext = false;
        throw new Error("subscriber crashed");
      }
    });
    const { id } = await (await postNote(dad.cookie, { childIds: [child.id], title: "Open later", unlockType: "date", unlockDate: "2032-01-01" })).json();
    const now = new Date("2032-01-01T00:00:01Z");
    await expect(t.services.memoryUnlocks.run({ now })).rejects.toThrow("subscriber crashed");
    expect((await unlocksOf(id))[0]?.dispatched_at).toBeNull();
    await t.services.memoryUnlocks.run({ now });
    expect((await unlocksOf(id))[0]?.dispatched_at).not.toBeNull();
    expect(seen).toEqual([id, id]);
    const bell = await t.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'memory_unlocked'", [dad.id]);
    expect(bell.rows[0].n).toBe(1);
  });

  it("the daily notifications job no longer scans memories (birthdays only)", async () => {
    const { dad, child } = await dadWithChild();
    // A memory opened long ago, written straight to its tables (no stored instant, no event): the old daily scan announced it.
    await insertMemories(t.db, dad.id, [{ kind: "note", title: "Old", durationSeconds: 0, unlockType: "date", unlockDate: "2000-01-01", childIds: [child.id] }]);
    await t.services.notifications.runDaily();
    const bell = await t.pool.query("SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND type = 'memory_unlocked'", [dad.id]);
    expect(bell.rows[0].n).toBe(0);
  });
});

describe("a child's memories and the files of a memory", () => {
  it("listForChild gives every kind with its unlock state and files; unlockedOnly keeps the open ones", async () => {
    const { dad, child } = await dadWithChild();
    const open = await (await postNote(dad.cookie, { childIds: [child.id], title: "Open" })).json();
    const locked = await (await postNote(dad.cookie, { childIds: [child.id], title: "Locked", unlockType: "date", unlockDate: "2090-01-01" })).json();
    const rows = await insertMemories(t.db, dad.id, [
      {
        kind: "video",
        title: "Clip",
        uploadId: "u-list",
        processingStatus: "completed",
        processingProgress: 100,
        files: [
          { role: "playable_video", bucket: "videos", key: "k/v.mp4" },
          { role: "thumbnail", bucket: "videos", key: "k/t.jpg" },
        ],
        childIds: [child.id],
      },
    ]);
    // Its unlock recorded as the end of processing records it: the child's list goes by recorded unlocks.
    await t.services.memoryUnlocks.recompute({ userId: dad.id, memoryId: rows[0].id });
    await t.services.memoryUnlocks.run({ now: new Date(), memoryId: rows[0].id });
    const all = await t.services.memories.listForChild({ userId: dad.id, childId: child.id, unlockedOnly: false });
    expect(all.map((item) => [item.title, item.kind, item.unlock.unlocked])).toEqual([
      ["Clip", "video", true],
      ["Locked", "note", false],
      ["Open", "note", true],
    ]);
    expect(all[0]?.files).toEqual([
      { bucket: "videos", key: "k/v.mp4", role: "video" },
      { bucket: "videos", key: "k/t.jpg", role: "thumbnail" },
    ]);
    const opened = await t.services.memories.listForChild({ userId: dad.id, childId: child.id, unlockedOnly: true });
    expect(opened.map((item) => item.id)).toEqual([rows[0].id, open.id]);
    expect(opened.map((item) => item.id)).not.toContain(locked.id);
    expect(await t.services.memories.filesOfMemory({ userId: dad.id, id: rows[0].id })).toEqual([
      { bucket: "videos", key: "k/v.mp4" },
      { bucket: "videos", key: "k/t.jpg" },
    ]);
    const stranger = await createSignedInUser(t);
    await expect(t.services.memories.filesOfMemory({ userId: stranger.id, id: rows[0].id })).rejects.toMatchObject({ code: "MEMORY_NOT_FOUND" });
  });
});

describe("one video per upload", () => {
  it("a double submit of POST /api/videos with one upload makes one video", async () => {
    const dad = await createSignedInUser(t);
    const child = await createChild(t, dad.id);
    const uploadId = await uploadBytes(t, dad.cookie, new Uint8Array(10));
    const body = { uploadId, title: "Twice", childIds: [child.id], unlockType: "now" };
    const [first, second] = await Promise.all([
      jsonRequest(t, "POST", "/api/videos", { cookie: dad.cookie, body }),
      jsonRequest(t, "POST", "/api/videos", { cookie: dad.cookie, body }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const [a, b] = [await first.json(), await second.json()];
    expect(a.id).toBe(b.id);
    const third = await jsonRequest(t, "POST", "/api/videos", { cookie: dad.cookie, body });
    expect((await third.json()).id).toBe(a.id);
    const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM memories WHERE user_id = $1 AND kind = 'video'", [dad.id]);
    expect(rows[0].n).toBe(1);
  });
});

