import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { children } from "../children/children.table";
import { insertMemories } from "../../../../tests/support/memories";
import { memories } from "./memories.table";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function addChild(userId: string, name: string, birthdate: string) {
  const [child] = await t.db.insert(children).values({ userId, name, birthdate }).returning();
  return child!;
}

function postNarration(cookie: string, data: unknown, files: { audio?: Blob; image?: Blob } = {}) {
  const form = new FormData();
  form.set("data", typeof data === "string" ? data : JSON.stringify(data));
  if (files.audio) form.set("audio", files.audio, "voice.webm");
  if (files.image) form.set("image", files.image, "photo.png");
  return t.app.request("/api/narrations", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

const note = (childIds: string[], extra: Record<string, unknown> = {}) => ({ kind: "note", title: "Bedtime", notes: "You asked for one more story.", childIds, unlockType: "now", ...extra });

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: { code: string; message: string } }).error };
}

describe("creating quick notes and narrations", () => {
  it("saves a text-only quick note for two children and lists it newest first", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const created = await postNarration(dad.cookie, note([maya.id, leo.id], { unlockType: "age", unlockAge: 18 }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const list = await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie });
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.nextCursor).toBeNull();
    expect(body.items).toEqual([
      expect.objectContaining({
        id,
        kind: "note",
        title: "Bedtime",
        notes: "You asked for one more story.",
        audioUrl: null,
        imageUrl: null,
        durationSeconds: 0,
        children: [{ id: maya.id, name: "Maya" }, { id: leo.id, name: "Leo" }],
        // Each child's own 18th birthday; the memory's next opening is Maya's.
        unlock: {
          type: "age",
          age: 18,
          date: null,
          milestone: null,
          unlocked: false,
          label: "Age 18",
          unlocksAt: "2031-05-02T00:00:00.000Z",
          forChildren: [
            { childId: maya.id, name: "Maya", unlocked: false, unlocksAt: "2031-05-02T00:00:00.000Z", date: "2031-05-02" },
            { childId: leo.id, name: "Leo", unlocked: false, unlocksAt: "2035-09-10T00:00:00.000Z", date: "2035-09-10" },
          ],
        },
      }),
    ]);
  });

  it("rejects each invalid field with the spec's message", async () => {
    const dad = await createSignedInUser(t);
    const child = await addChild(dad.id, "Ava", "2020-01-01");
    const cases: Array<[unknown, string]> = [
      [note([child.id], { title: "  " }), "Add a title."],
      [note([]), "Select at least one child."],
      [note([child.id], { unlockType: "age" }), "Please enter an unlock age"],
      [note([child.id], { unlockType: "age", unlockAge: 101 }), "Unlock age must be between 1 and 100"],
      [note([child.id], { unlockType: "date" }), "Please select an unlock date"],
      [note([child.id], { unlockType: "milestone", unlockMilestone: " " }), "Please enter a milestone description"],
      [note([child.id], { kind: "narration" }), "Record narration first."],
      ["{not json", "Send the narration as a form with a data field."],
    ];
    for (const [data, message] of cases) {
      expect(await errorOf(await postNarration(dad.cookie, data))).toMatchObject({ status: 400, message });
    }
    expect(await t.db.select().from(memories).where(eq(memories.userId, dad.id))).toEqual([]);
  });

  it("refuses a photo on a quick note", async () => {
    const dad = await createSignedInUser(t);
    const child = await addChild(dad.id, "Ava", "2020-01-01");
    const response = await postNarration(dad.cookie, note([child.id]), { image: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]) });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: "IMAGE_NOT_ALLOWED" });
  });

  it("answers 404 for another user's child, and stores nothing", async () => {
    const dad = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const theirs = await addChild(stranger.id, "Not yours", "2015-01-01");
    const mine = await addChild(dad.id, "Mine", "2015-01-01");
    const response = await postNarration(dad.cookie, note([mine.id, theirs.id]));
    expect(await errorOf(response)).toMatchObject({ status: 404, code: "CHILD_NOT_FOUND" });
    const list = await (await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie })).json();
    expect(list.items).toEqual([]);
  });
});

describe("reading, unlocking and deleting", () => {
  it("hides another user's narration (404 on read, unlock and delete)", async () => {
    const dad = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const child = await addChild(dad.id, "Sam", "2019-02-03");
    const { id } = await (await postNarration(dad.cookie, note([child.id], { unlockType: "milestone", unlockMilestone: "First bike ride" }))).json();
    for (const [method, path] of [["GET", `/api/narrations/${id}`], ["POST", `/api/narrations/${id}/unlock`], ["DELETE", `/api/narrations/${id}`]] as const) {
      expect((await jsonRequest(t, method, path, { cookie: stranger.cookie })).status).toBe(404);
    }
    expect((await jsonRequest(t, "GET", `/api/narrations/${id}`, { cookie: dad.cookie })).status).toBe(200);
  });

  it("unlocks a milestone memory by hand, and only milestone memories", async () => {
    const dad = await createSignedInUser(t);
    const child = await addChild(dad.id, "Sam", "2019-02-03");
    const { id } = await (await postNarration(dad.cookie, note([child.id], { unlockType: "milestone", unlockMilestone: "First bike ride" }))).json();
    const before = await (await jsonRequest(t, "GET", `/api/narrations/${id}`, { cookie: dad.cookie })).json();
    expect(before.unlock).toMatchObject({ unlocked: false, label: "Milestone", milestone: "First bike ride" });
    const unlocked = await jsonRequest(t, "POST", `/api/narrations/${id}/unlock`, { cookie: dad.cookie });
    expect(unlocked.status).toBe(200);
    expect((await unlocked.json()).unlock).toMatchObject({ unlocked: true, label: "Milestone" });

    const plain = await (await postNarration(dad.cookie, note([child.id]))).json();
    expect(await errorOf(await jsonRequest(t, "POST", `/api/narrations/${plain.id}/unlock`, { cookie: dad.cookie }))).toMatchObject({
      status: 400,
      code: "NOT_A_MILESTONE",
    });
  });

  it("deletes a narration once; it is gone afterwards", async () => {
    const dad = await createSignedInUser(t);
    const child = await addChild(dad.id, "Sam", "2019-02-03");
    const { id } = await (await postNarration(dad.cookie, note([child.id]))).json();
    expect((await jsonRequest(t, "DELETE", `/api/narrations/${id}`, { cookie: dad.cookie })).status).toBe(204);
    expect((await jsonRequest(t, "GET", `/api/narrations/${id}`, { cookie: dad.cookie })).status).toBe(404);
    expect((await jsonRequest(t, "DELETE", `/api/narrations/${id}`, { cookie: dad.cookie })).status).toBe(404);
  });
});

describe("memories per child", () => {
  it("counts each child's memories from the child_memory_counts view, only for the owner", async () => {
    const dad = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const zoe = await addChild(dad.id, "Zoe", "2021-01-01");
    await addChild(stranger.id, "Other", "2015-01-01");
    await postNarration(dad.cookie, note([maya.id, leo.id]));
    await postNarration(dad.cookie, note([maya.id]));
    const response = await jsonRequest(t, "GET", "/api/memories/child-counts", { cookie: dad.cookie });
    expect((await response.json()).children).toEqual([
      { childId: maya.id, name: "Maya", total: 2, imageUrl: null },
      { childId: leo.id, name: "Leo", total: 1, imageUrl: null },
      { childId: zoe.id, name: "Zoe", total: 0, imageUrl: null },
    ]);
  });
});

describe("coming up", () => {
  it("lists the next age unlock and birthday for the owner's children", async () => {
    const dad = await createSignedInUser(t);
    const soon = new Date(Date.now() + 20 * 86_400_000);
    const birthdate = `${soon.getUTCFullYear() - 12}-${String(soon.getUTCMonth() + 1).padStart(2, "0")}-${String(soon.getUTCDate()).padStart(2, "0")}`;
    const maya = await addChild(dad.id, "Maya", birthdate);
    await postNarration(dad.cookie, note([maya.id], { title: "For your 12th", unlockType: "age", unlockAge: 12 }));
    const body = await (await jsonRequest(t, "GET", "/api/memories/coming-up", { cookie: dad.cookie })).json();
    expect(body.birthdays).toEqual([expect.objectContaining({ childId: maya.id, name: "Maya", turns: 12 })]);
    expect(body.birthdays[0].inDays).toBeGreaterThanOrEqual(19);
    expect(body.unlocks).toEqual([expect.objectContaining({ title: "For your 12th", label: "Age 12", childIds: [maya.id], unlockType: "age", unlockAge: 12 })]);
    const stranger = await createSignedInUser(t);
    expect(await (await jsonRequest(t, "GET", "/api/memories/coming-up", { cookie: stranger.cookie })).json()).toEqual({ unlocks: [], birthdays: [] });
  });
});

describe("paging", () => {
  it("walks every memory once, newest first, with a kind filter", async () => {
    const dad = await createSignedInUser(t);
    const base = Date.parse("2025-01-01T00:00:00Z");
    // Two rows share a created time to prove the id tiebreak.
    await insertMemories(
      t.db,
      dad.id,
      Array.from({ length: 7 }, (_, i) => ({
        kind: i % 2 === 0 ? ("narration" as const) : ("note" as const),
        title: `Memory ${i}`,
        durationSeconds: 0,
        files: i % 2 === 0 ? [{ role: "photo" as const, bucket: "images", key: `${dad.id}/photo-${i}.png` }] : [],
        createdAt: new Date(base + Math.min(i, 5) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { title: string; kind: string }[]; nextCursor: string | null } = await (
        await jsonRequest(t, "GET", `/api/memories?kind=note&limit=2${cursor ? `&cursor=${cursor}` : ""}`, { cookie: dad.cookie })
      ).json();
      seen.push(...page.items.map((item) => item.title));
      expect(page.items.every((item) => item.kind === "note")).toBe(true);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["Memory 5", "Memory 3", "Memory 1"]);
    expect((await jsonRequest(t, "GET", "/api/memories?limit=501", { cookie: dad.cookie })).status).toBe(400);
  });
});

describe("ideas", () => {
  it("serves the prompt library: 11 categories of 12+ 'Hey Dad, ' prompts and about 100 everyday prompts", async () => {
    const dad = await createSignedInUser(t);
    const library = await (await jsonRequest(t, "GET", "/api/ideas", { cookie: dad.cookie })).json();
    expect(library.categories.map((c: { key: string }) => c.key)).toEqual([
      "FAMILY", "LIFE_LESSONS", "CAREER", "EDUCATION", "PERSONAL_GROWTH", "MEMORIES", "RELATIONSHIPS", "ENTERTAINMENT", "LEGACY", "PHILOSOPHY", "FUN",
    ]);
    expect(library.categories[5]).toMatchObject({ name: "Childhood & Memories", icon: "camera", tagline: "Moments worth saving forever." });
    for (const category of library.categories) {
      expect(category.prompts.length).toBeGreaterThanOrEqual(12);
      expect(category.prompts.every((p: string) => p.startsWith("Hey Dad, "))).toBe(true);
    }
    expect(library.everyday.length).toBeGreaterThanOrEqual(95);
  });
});

describe("deleting a child", () => {
  it("deletes memories meant only for that child and keeps shared ones for the other children", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const onlyMaya = (await (await postNarration(dad.cookie, note([maya.id], { title: "Only Maya" }))).json()) as { id: string };
    const shared = (await (await postNarration(dad.cookie, note([maya.id, leo.id], { title: "Both" }))).json()) as { id: string };

    const removed = await jsonRequest(t, "DELETE", `/api/children/${maya.id}`, { cookie: dad.cookie });
    expect(removed.status).toBe(204);

    const remaining = await t.db.select({ id: memories.id }).from(memories).where(eq(memories.userId, dad.id));
    expect(remaining.map((row) => row.id)).toEqual([shared.id]);
    expect(remaining.map((row) => row.id)).not.toContain(onlyMaya.id);
    const list = await (await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie })).json();
    expect(list.items[0].children).toEqual([{ id: leo.id, name: "Leo" }]);
  });
});

describe("one child's memories", () => {
  it("lists only the memories meant for that child, newest first, and nothing for another dad's child", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    await postNarration(dad.cookie, note([leo.id], { title: "Leo only" }));
    await postNarration(dad.cookie, note([maya.id], { title: "Maya first" }));
    await postNarration(dad.cookie, note([maya.id, leo.id], { title: "Both" }));

    const mayas = await (await jsonRequest(t, "GET", `/api/memories?childId=${maya.id}`, { cookie: dad.cookie })).json();
    expect(mayas.items.map((item: { title: string }) => item.title)).toEqual(["Both", "Maya first"]);

    const stranger = await createSignedInUser(t);
    const foreign = await (await jsonRequest(t, "GET", `/api/memories?childId=${maya.id}`, { cookie: stranger.cookie })).json();
    expect(foreign.items).toEqual([]);
    expect((await jsonRequest(t, "GET", "/api/memories?childId=not-a-uuid", { cookie: dad.cookie })).status).toBe(400);
  });
});

type ListedItem = { id: string; kind: string; title: string; children: { id: string }[] } & Record<string, unknown>;

async function listAll(cookie: string, query: string, limit: number) {
  const seen: ListedItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await jsonRequest(t, "GET", `/api/memories?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: ListedItem[]; nextCursor: string | null };
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

/** Narrations, quick notes and videos for one child or both, one second apart: titles name the kind and the order. */
async function seedMixed(userId: string, childIds: { maya: string; leo: string }) {
  const base = Date.parse("2025-03-01T00:00:00Z");
  const at = (second: number) => new Date(base + second * 1000);
  const { maya, leo } = childIds;
  const rows = await insertMemories(t.db, userId, [
    {
      kind: "narration",
      title: "narration 1",
      files: [
        { role: "photo", bucket: "images", key: `${userId}/1.png` },
        { role: "voice", bucket: "audio", key: `${userId}/1.webm` },
      ],
      durationSeconds: 30,
      createdAt: at(1),
      childIds: [maya],
    },
    { kind: "note", title: "note 3", durationSeconds: 0, createdAt: at(3), childIds: [leo] },
    { kind: "note", title: "note 5", durationSeconds: 0, createdAt: at(5), unlockType: "milestone", unlockMilestone: "First day of school", childIds: [maya] },
    {
      kind: "video",
      title: "video 2",
      uploadId: "u2",
      files: [{ role: "thumbnail", bucket: "videos", key: `${userId}/2-thumbnail.jpg` }],
      durationSeconds: 12.5,
      processingStatus: "completed",
      processingProgress: 100,
      createdAt: at(2),
      childIds: [maya, leo],
    },
    { kind: "video", title: "video 4", uploadId: "u4", processingStatus: "processing", processingProgress: 80, createdAt: at(4), unlockType: "milestone", unlockMilestone: "Graduation", childIds: [leo] },
    // Same created time as 'note 5': the id breaks the tie.
    { kind: "video", title: "video 5", uploadId: "u5", processingStatus: "failed", processingProgress: 80, processingError: "Video duration must be less than 2 minutes", createdAt: at(5), childIds: [maya] },
  ]);
  const id = (title: string) => rows.find((row) => row.title === title)!.id;
  const tieOrder = [id("note 5"), id("video 5")].sort().reverse().map((tied) => (tied === id("note 5") ? "note 5" : "video 5"));
  return { id, newestFirst: [...tieOrder, "video 4", "note 3", "video 2", "narration 1"] };
}

describe("every kind in one list", () => {
  it("pages narrations, quick notes and videos together newest first, each once, at every page size", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const { newestFirst } = await seedMixed(dad.id, { maya: maya.id, leo: leo.id });
    for (const limit of [1, 2, 4, 24]) {
      expect((await listAll(dad.cookie, "kind=all", limit)).map((item) => item.title)).toEqual(newestFirst);
    }

    const [first] = await listAll(dad.cookie, "kind=video", 24).then((items) => items.filter((item) => item.title === "video 2"));
    expect(first).toMatchObject({
      kind: "video",
      durationSeconds: 12.5,
      thumbnailUrl: expect.stringContaining("2-thumbnail.jpg"),
      processing: { status: "completed", progress: 100, error: null },
      children: [{ id: maya.id, name: "Maya" }, { id: leo.id, name: "Leo" }],
      unlock: { type: "now", unlocked: true, label: "Available now", unlocksAt: null },
    });
  });

  it("shows each card its own unlock state when cards share a rule: one opened for a child stays open for that child only", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const age18 = { kind: "note" as const, notes: "", unlockType: "age" as const, unlockAge: 18 };
    const [opened] = await insertMemories(t.db, dad.id, [
      { ...age18, title: "opened for Maya", childIds: [maya.id, leo.id] },
      { ...age18, title: "sealed", childIds: [maya.id, leo.id] },
      { ...age18, title: "sealed too", childIds: [maya.id, leo.id] },
      { ...age18, title: "for Maya only", childIds: [maya.id] },
    ]);
    const openedAt = "2025-01-02T03:04:05.000Z";
    await t.pool.query("INSERT INTO memory_unlocks (memory_id, memory_kind, child_id, user_id, unlock_type, unlocked_at) VALUES ($1, 'note', $2, $3, 'age', $4)", [
      opened!.id,
      maya.id,
      dad.id,
      openedAt,
    ]);
    const { items } = (await (await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie })).json()) as {
      items: Array<{ title: string; unlock: { unlocked: boolean; forChildren: Array<{ name: string; unlocked: boolean; unlocksAt: string | null }> } }>;
    };
    const stateOf = (title: string) => {
      const { unlock } = items.find((item) => item.title === title)!;
      return { unlocked: unlock.unlocked, forChildren: unlock.forChildren.map(({ name, unlocked, unlocksAt }) => ({ name, unlocked, unlocksAt })).sort((a, b) => a.name.localeCompare(b.name)) };
    };
    const mayaAt18 = { name: "Maya", unlocked: false, unlocksAt: "2031-05-02T00:00:00.000Z" };
    const leoAt18 = { name: "Leo", unlocked: false, unlocksAt: "2035-09-10T00:00:00.000Z" };
    expect(stateOf("opened for Maya")).toEqual({ unlocked: false, forChildren: [leoAt18, { name: "Maya", unlocked: true, unlocksAt: openedAt }] });
    expect(stateOf("sealed")).toEqual({ unlocked: false, forChildren: [leoAt18, mayaAt18] });
    expect(stateOf("sealed too")).toEqual({ unlocked: false, forChildren: [leoAt18, mayaAt18] });
    expect(stateOf("for Maya only")).toEqual({ unlocked: false, forChildren: [mayaAt18] });
  });

  it("shows each card its own milestone words and children when cards share a rule", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const milestone = { kind: "note" as const, notes: "", unlockType: "milestone" as const };
    await insertMemories(t.db, dad.id, [
      { ...milestone, title: "wedding", unlockMilestone: "Your wedding day", childIds: [maya.id, leo.id] },
      { ...milestone, title: "first job", unlockMilestone: "Your first job", childIds: [maya.id, leo.id] },
      { ...milestone, title: "wedding, Leo", unlockMilestone: "Your wedding day", childIds: [leo.id] },
    ]);
    const { items } = (await (await jsonRequest(t, "GET", "/api/memories", { cookie: dad.cookie })).json()) as {
      items: Array<{ title: string; children: Array<{ name: string }>; unlock: { milestone: string | null; unlocked: boolean; label: string } }>;
    };
    const shown = Object.fromEntries(
      items.map((item) => [item.title, { milestone: item.unlock.milestone, unlocked: item.unlock.unlocked, children: item.children.map((child) => child.name).sort() }]),
    );
    expect(shown).toEqual({
      wedding: { milestone: "Your wedding day", unlocked: false, children: ["Leo", "Maya"] },
      "first job": { milestone: "Your first job", unlocked: false, children: ["Leo", "Maya"] },
      "wedding, Leo": { milestone: "Your wedding day", unlocked: false, children: ["Leo"] },
    });
  });

  it("shows each card its own date on a page of more different rules than it shares views for", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    // Twenty dates, each twice: the page holds twenty different rules, and each of them on two cards.
    const dates = Array.from({ length: 20 }, (_, index) => `20${40 + index}-03-14`);
    await insertMemories(
      t.db,
      dad.id,
      [...dates, ...dates].map((date, index) => ({ kind: "note" as const, title: `${date} #${index}`, notes: "", unlockType: "date" as const, unlockDate: date, childIds: [maya.id] })),
    );
    const { items } = (await (await jsonRequest(t, "GET", "/api/memories?limit=40", { cookie: dad.cookie })).json()) as {
      items: Array<{ title: string; unlock: { date: string | null; unlocked: boolean; unlocksAt: string | null } }>;
    };
    expect(items).toHaveLength(40);
    for (const item of items) {
      const date = item.title.slice(0, 10);
      expect(item.unlock).toMatchObject({ date, unlocked: false, unlocksAt: `${date}T00:00:00.000Z` });
    }
  });

  it("keeps one kind with kind=, videos included, and shows a video's processing state", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    await seedMixed(dad.id, { maya: maya.id, leo: leo.id });
    const onlyVideos = await listAll(dad.cookie, "kind=video", 2);
    expect(onlyVideos.map((item) => item.title).sort()).toEqual(["video 2", "video 4", "video 5"]);
    expect(onlyVideos.every((item) => item.kind === "video")).toBe(true);
    expect(onlyVideos.find((item) => item.title === "video 5")).toMatchObject({
      processing: { status: "failed", error: "Video duration must be less than 2 minutes" },
      thumbnailUrl: null,
      durationSeconds: null,
    });
    expect(onlyVideos.find((item) => item.title === "video 4")).toMatchObject({ processing: { status: "processing", progress: 80 }, unlock: { type: "milestone", unlocked: false } });
    expect((await listAll(dad.cookie, "kind=note", 2)).map((item) => item.title).sort()).toEqual(["note 3", "note 5"]);
    expect((await listAll(dad.cookie, "kind=narration", 2)).map((item) => item.title)).toEqual(["narration 1"]);
  });

  it("narrows every kind to one child with childId=", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const { newestFirst } = await seedMixed(dad.id, { maya: maya.id, leo: leo.id });
    expect((await listAll(dad.cookie, `childId=${leo.id}`, 2)).map((item) => item.title)).toEqual(["video 4", "note 3", "video 2"]);
    expect((await listAll(dad.cookie, `kind=video&childId=${maya.id}`, 1)).map((item) => item.title)).toEqual(
      newestFirst.filter((title) => ["video 5", "video 2"].includes(title)),
    );
    const counts = await (await jsonRequest(t, "GET", "/api/memories/child-counts", { cookie: dad.cookie })).json();
    expect(counts.children.map((child: { name: string; total: number }) => [child.name, child.total])).toEqual([["Maya", 4], ["Leo", 3]]);
  });

  it("never shows another dad's memories of any kind, by list, child or unlock", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const { id } = await seedMixed(dad.id, { maya: maya.id, leo: leo.id });
    const stranger = await createSignedInUser(t);
    await seedMixed(stranger.id, { maya: (await addChild(stranger.id, "Ana", "2015-01-01")).id, leo: (await addChild(stranger.id, "Ben", "2016-01-01")).id });

    const mine = await listAll(dad.cookie, "kind=all", 4);
    expect(mine).toHaveLength(6);
    const theirs = await listAll(stranger.cookie, "kind=all", 4);
    expect(theirs.map((item) => item.id)).not.toEqual(expect.arrayContaining([id("video 2")]));
    expect(theirs.flatMap((item) => item.children.map((child) => child.id))).not.toContain(maya.id);
    expect(await listAll(stranger.cookie, `childId=${leo.id}`, 4)).toEqual([]);
    expect((await jsonRequest(t, "POST", `/api/videos/${id("video 4")}/unlock`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("unlocks a milestone video by hand ('Unlock now'), only a milestone one, and not through the narration route", async () => {
    const dad = await createSignedInUser(t);
    const maya = await addChild(dad.id, "Maya", "2013-05-02");
    const leo = await addChild(dad.id, "Leo", "2017-09-10");
    const { id } = await seedMixed(dad.id, { maya: maya.id, leo: leo.id });
    const unlocked = await jsonRequest(t, "POST", `/api/videos/${id("video 4")}/unlock`, { cookie: dad.cookie });
    expect(unlocked.status).toBe(200);
    expect(await unlocked.json()).toMatchObject({ id: id("video 4"), kind: "video", unlock: { type: "milestone", unlocked: true, label: "Milestone", milestone: "Graduation" } });
    const listed = await listAll(dad.cookie, "kind=video", 24);
    expect(listed.find((item) => item.title === "video 4")).toMatchObject({ unlock: { unlocked: true } });

    expect(await errorOf(await jsonRequest(t, "POST", `/api/videos/${id("video 2")}/unlock`, { cookie: dad.cookie }))).toMatchObject({ status: 400, code: "NOT_A_MILESTONE" });
    expect((await jsonRequest(t, "POST", `/api/narrations/${id("video 4")}/unlock`, { cookie: dad.cookie })).status).toBe(404);
    expect((await jsonRequest(t, "POST", `/api/videos/${id("note 5")}/unlock`, { cookie: dad.cookie })).status).toBe(404);
  });
});
