import { beforeAll, describe, expect, it } from "vitest";
import { postNote as postNoteTo } from "../../../../tests/support/memories";
import { createSignedInUser, createTestApp, jsonRequest, type TestApp } from "../../../../tests/support/test-app";
import { createChild, uploadBytes } from "../../../../tests/support/videos";
import { children } from "../children/children.table";

/** Editing a memory after saving it: PATCH /api/memories/:id for every kind. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const postNote = (cookie: string, data: Record<string, unknown>) => postNoteTo(t, cookie, data);

async function dadWithChildren() {
  const dad = await createSignedInUser(t);
  const [maya, leo] = await t.db
    .insert(children)
    .values([
      { userId: dad.id, name: "Maya", birthdate: "2014-03-02" },
      { userId: dad.id, name: "Leo", birthdate: "2018-07-01" },
    ])
    .returning();
  return { dad, maya: maya!, leo: leo! };
}

const edit = (cookie: string, id: string, body: Record<string, unknown>) => jsonRequest(t, "PATCH", `/api/memories/${id}`, { cookie, body });
const opensAtOf = async (id: string) =>
  (await t.pool.query("SELECT child_id, opens_at, unlocked_at FROM memory_unlock_instants WHERE memory_id = $1 ORDER BY opens_at", [id])).rows;

describe("editing a memory", () => {
  it("changes title, notes, children and unlock rule, and moves its stored unlock instants", async () => {
    const { dad, maya, leo } = await dadWithChildren();
    const { id } = await (await postNote(dad.cookie, { childIds: [maya.id], title: "Wrong date", unlockType: "date", unlockDate: "2040-01-01" })).json();
    const response = await edit(dad.cookie, id, { title: "Right date", notes: "Fixed", childIds: [maya.id, leo.id], unlockType: "date", unlockDate: "2041-06-01" });
    expect(response.status).toBe(200);
    const card = await response.json();
    expect(card).toMatchObject({ id, kind: "note", title: "Right date", notes: "Fixed", unlock: { type: "date", date: "2041-06-01", unlocked: false } });
    expect(card.children.map((child: { name: string }) => child.name).sort()).toEqual(["Leo", "Maya"]);
    const rows = await opensAtOf(id);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.opens_at.toISOString() === "2041-06-01T00:00:00.000Z")).toBe(true);

    // Leo removed again: his instant goes; an age rule now opens on Maya's 18th birthday.
    const again = await edit(dad.cookie, id, { title: "Right date", childIds: [maya.id], unlockType: "age", unlockAge: 18 });
    expect((await again.json()).unlock).toMatchObject({ type: "age", age: 18, date: null, label: "Age 18" });
    expect((await opensAtOf(id)).map((row) => [row.child_id, row.opens_at.toISOString()])).toEqual([[maya.id, "2032-03-02T00:00:00.000Z"]]);
  });

  it("never re-locks a memory that has opened for a child", async () => {
    const { dad, maya } = await dadWithChildren();
    const { id } = await (await postNote(dad.cookie, { childIds: [maya.id], title: "Open now" })).json();
    const response = await edit(dad.cookie, id, { title: "Open now", childIds: [maya.id], unlockType: "date", unlockDate: "2090-01-01" });
    expect((await response.json()).unlock).toMatchObject({ type: "date", unlocked: true });
    const [row] = await opensAtOf(id);
    expect(row.unlocked_at).not.toBeNull();
    const forMaya = await t.services.memories.listForChild({ userId: dad.id, childId: maya.id, unlockedOnly: true });
    expect(forMaya.map((item) => item.id)).toEqual([id]);
    expect((await t.pool.query("SELECT count(*)::int AS n FROM memory_unlocks WHERE memory_id = $1", [id])).rows[0].n).toBe(1);
  });

  it("moves a date forward into the past: it opens (and is recorded) at once", async () => {
    const { dad, maya } = await dadWithChildren();
    const { id } = await (await postNote(dad.cookie, { childIds: [maya.id], title: "Soon", unlockType: "date", unlockDate: "2090-01-01" })).json();
    await edit(dad.cookie, id, { title: "Soon", childIds: [maya.id], unlockType: "date", unlockDate: "2020-01-01" });
    expect((await t.pool.query("SELECT unlock_type FROM memory_unlocks WHERE memory_id = $1", [id])).rows).toEqual([{ unlock_type: "date" }]);
    const bell = await t.pool.query("SELECT message FROM notifications WHERE user_id = $1", [dad.id]);
    expect(bell.rows).toEqual([{ message: '"Soon" is now unlocked for Maya.' }]);
  });

  it("refuses bad input the way the record form words it, field by field", async () => {
    const { dad, maya } = await dadWithChildren();
    const { id } = await (await postNote(dad.cookie, { childIds: [maya.id] })).json();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: " " }, "title: Add a title."],
      [{ childIds: [] }, "childIds: Select at least one child."],
      [{ unlockType: "date", unlockDate: "2024-02-30" }, "unlockDate: That unlock date does not exist. Please pick a real calendar date."],
      [{ unlockType: "date", unlockDate: "tomorrow" }, "unlockDate: Please select an unlock date"],
      [{ unlockType: "age", unlockAge: 0 }, "unlockAge: Unlock age must be between 1 and 100"],
      [{ unlockType: "age", unlockAge: 101 }, "unlockAge: Unlock age must be between 1 and 100"],
      [{ unlockType: "milestone" }, "unlockMilestone: Please enter a milestone description"],
      [{ unlockType: "whenever" }, "unlockType:"],
    ];
    for (const [change, message] of cases) {
      const response = await edit(dad.cookie, id, { title: "Ok", childIds: [maya.id], unlockType: "now", ...change });
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toContain(message);
    }
  });

  it("answers 404 for another user's memory or child, and for no memory at all; never edits it", async () => {
    const { dad, maya } = await dadWithChildren();
    const stranger = await dadWithChildren();
    const { id } = await (await postNote(dad.cookie, { childIds: [maya.id], title: "Mine" })).json();
    const theirs = await edit(stranger.dad.cookie, id, { title: "Hijacked", childIds: [stranger.maya.id], unlockType: "now" });
    expect(theirs.status).toBe(404);
    const withTheirChild = await edit(dad.cookie, id, { title: "Mine", childIds: [stranger.maya.id], unlockType: "now" });
    expect(withTheirChild.status).toBe(404);
    expect((await edit(dad.cookie, "00000000-0000-4000-8000-000000000000", { title: "x", childIds: [maya.id], unlockType: "now" })).status).toBe(404);
    expect((await edit(dad.cookie, "not-a-uuid", { title: "x", childIds: [maya.id], unlockType: "now" })).status).toBe(400);
    expect((await t.pool.query("SELECT title FROM memories WHERE id = $1", [id])).rows).toEqual([{ title: "Mine" }]);
    expect((await jsonRequest(t, "PATCH", `/api/memories/${id}`, { body: { title: "x", childIds: [maya.id], unlockType: "now" } })).status).toBe(401);
  });

  it("edits a video still being processed (its fields, not its file), and it opens only once processed", async () => {
    const dad = await createSignedInUser(t);
    const child = await createChild(t, dad.id);
    const uploadId = await uploadBytes(t, dad.cookie, new Uint8Array(10));
    const created = await jsonRequest(t, "POST", "/api/videos", { cookie: dad.cookie, body: { uploadId, title: "Clip", childIds: [child.id], unlockType: "now" } });
    const { id } = await created.json();
    // Ten bytes are no video: let the real processing job refuse them first, so it cannot overwrite the state set below.
    await expect.poll(async () => (await t.pool.query("SELECT processing_status FROM memories WHERE id = $1", [id])).rows[0].processing_status).toBe("failed");
    await t.pool.query("UPDATE memories SET processing_status = 'processing' WHERE id = $1", [id]);
    const response = await edit(dad.cookie, id, { title: "Bike ride", notes: "Down the hill", childIds: [child.id], unlockType: "date", unlockDate: "2020-05-05" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ kind: "video", title: "Bike ride", notes: "Down the hill", processing: { status: "processing" } });
    const [video] = (await t.pool.query("SELECT upload_id, (SELECT key FROM memory_files WHERE memory_id = memories.id AND role = 'playable_video') AS file_path, processing_status FROM memories WHERE id = $1", [id])).rows;
    expect(video).toMatchObject({ upload_id: uploadId, processing_status: "processing" });
    expect((await opensAtOf(id))[0]?.opens_at).toBeNull();

    await t.pool.query("UPDATE memories SET processing_status = 'completed' WHERE id = $1", [id]);
    await t.pool.query("INSERT INTO memory_files (memory_id, role, bucket, key) VALUES ($1, 'playable_video', 'videos', 'k/v.mp4')", [id]);
    await t.services.events.emit("video.ready", { userId: dad.id, videoId: id, title: "Bike ride", childId: child.id, childName: "Maya" });
    expect((await opensAtOf(id))[0]?.opens_at.toISOString()).toBe("2020-05-05T00:00:00.000Z");
    expect((await t.pool.query("SELECT count(*)::int AS n FROM memory_unlocks WHERE memory_id = $1", [id])).rows[0].n).toBe(1);
  });

  it("keeps a milestone reached only while it stays the same milestone", async () => {
    const { dad, maya } = await dadWithChildren();
    const { id } = await (await postNote(dad.cookie, { childIds: [maya.id], unlockType: "milestone", unlockMilestone: "Graduation" })).json();
    await jsonRequest(t, "POST", `/api/narrations/${id}/unlock`, { cookie: dad.cookie });
    const same = await edit(dad.cookie, id, { title: "Renamed", childIds: [maya.id], unlockType: "milestone", unlockMilestone: "Graduation" });
    expect((await same.json()).unlock.unlocked).toBe(true);
    const { rows } = await t.pool.query("SELECT milestone_reached_at FROM memories WHERE id = $1", [id]);
    expect(rows[0].milestone_reached_at).not.toBeNull();
    await edit(dad.cookie, id, { title: "Renamed", childIds: [maya.id], unlockType: "milestone", unlockMilestone: "Wedding" });
    expect((await t.pool.query("SELECT milestone_reached_at FROM memories WHERE id = $1", [id])).rows[0].milestone_reached_at).toBeNull();
  });
});
