import { beforeAll, describe, expect, it } from "vitest";
import { VIDEO_COPY, type VideoItem } from "../../../shared/videos";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { createChild, createVideo, generateClip, uploadBytes, waitForProcessing } from "../../../../tests/support/videos";

let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let other: Awaited<ReturnType<typeof createSignedInUser>>;
let ready: VideoItem;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createSignedInUser(t);
  other = await createSignedInUser(t);
  const { video } = await createVideo(t, owner, generateClip("compatible-mp4", 2), { title: "Bedtime story", unlockType: "age", unlockAge: 13 });
  ready = await waitForProcessing(t, owner.cookie, video.id);
});

// A 1x1 JPEG.
const JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

const errorMessage = async (response: Response) => ((await response.json()) as { error: { message: string } }).error.message;

describe("creating a video from a finished upload", () => {
  it("validates the fields with the spec's messages", async () => {
    const child = await createChild(t, owner.id);
    const uploadId = await uploadBytes(t, owner.cookie, new Uint8Array(10));
    const base = { uploadId, title: "Title", childIds: [child.id], unlockType: "now" };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "   " }, VIDEO_COPY.enterTitle],
      [{ childIds: [] }, VIDEO_COPY.selectChild],
      [{ unlockType: "age" }, VIDEO_COPY.enterAge],
      [{ unlockType: "age", unlockAge: 101 }, "Unlock age must be between 1 and 100"],
      [{ unlockType: "date" }, VIDEO_COPY.selectDate],
      [{ unlockType: "milestone", unlockMilestone: "  " }, VIDEO_COPY.enterMilestone],
    ];
    for (const [change, message] of cases) {
      const response = await jsonRequest(t, "POST", "/api/videos", { cookie: owner.cookie, body: { ...base, ...change } });
      expect(response.status).toBe(400);
      expect(await errorMessage(response)).toContain(message);
    }
  });

  it("refuses an unfinished, unknown or another user's upload, and another user's child (404)", async () => {
    const child = await createChild(t, owner.id);
    const unfinished = await t.app.request("/api/uploads", { method: "POST", headers: { origin: TEST_ORIGIN, cookie: owner.cookie, "tus-resumable": "1.0.0", "upload-length": "100" } });
    const unfinishedId = unfinished.headers.get("location")?.split("/").at(-1);
    const othersUpload = await uploadBytes(t, other.cookie, new Uint8Array(10));
    for (const uploadId of [unfinishedId, "nosuchupload", othersUpload]) {
      const response = await jsonRequest(t, "POST", "/api/videos", { cookie: owner.cookie, body: { uploadId, title: "T", childIds: [child.id], unlockType: "now" } });
      expect(response.status).toBe(404);
    }
    const othersChild = await createChild(t, other.id);
    const uploadId = await uploadBytes(t, owner.cookie, new Uint8Array(10));
    const response = await jsonRequest(t, "POST", "/api/videos", { cookie: owner.cookie, body: { uploadId, title: "T", childIds: [othersChild.id], unlockType: "now" } });
    expect(response.status).toBe(404);
  });
});

describe("the videos API", () => {
  it("lists the user's videos newest first with children, unlock fields and processing state", async () => {
    const response = await jsonRequest(t, "GET", "/api/videos", { cookie: owner.cookie });
    const { videos } = (await response.json()) as { videos: VideoItem[] };
    expect(videos.find((video) => video.id === ready.id)).toMatchObject({
      title: "Bedtime story",
      unlockType: "age",
      unlockAge: 13,
      processingStatus: "completed",
      children: [{ name: "Maya", birthdate: "2015-06-01" }],
    });
    expect((await (await jsonRequest(t, "GET", "/api/videos", { cookie: other.cookie })).json()).videos).toEqual([]);
  });

  it("updates the notes", async () => {
    const response = await jsonRequest(t, "PATCH", `/api/videos/${ready.id}`, { cookie: owner.cookie, body: { notes: "  Read it slowly.  " } });
    expect(response.status).toBe(200);
    expect((await response.json()).notes).toBe("Read it slowly.");
  });

  it("gives a signed playback link that supports Range requests", async () => {
    const response = await jsonRequest(t, "GET", `/api/videos/${ready.id}/playback`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const { url, expiresInSeconds } = await response.json();
    expect(expiresInSeconds).toBe(3600);
    const link = new URL(url, "http://localhost");
    const partial = await t.app.request(link.pathname + link.search, { headers: { range: "bytes=0-99" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-type")).toBe("video/mp4");
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
    link.searchParams.set("signature", "0".repeat(64));
    const tampered = await t.app.request(link.pathname + link.search);
    expect(tampered.status).toBe(403);
  });

  it("stores a chosen thumbnail (type from the bytes) and refuses anything else", async () => {
    const response = await t.app.request(`/api/videos/${ready.id}/thumbnail`, { method: "PUT", headers: { origin: TEST_ORIGIN, cookie: owner.cookie, "content-type": "image/jpeg" }, body: JPEG });
    expect(response.status).toBe(200);
    expect((await response.json()).thumbnailUrl).toMatch(/\/files\/videos\/.+-thumbnail\.jpg\?/);
    const text = await t.app.request(`/api/videos/${ready.id}/thumbnail`, { method: "PUT", headers: { origin: TEST_ORIGIN, cookie: owner.cookie, "content-type": "image/jpeg" }, body: "not an image" });
    expect(text.status).toBe(400);
  });

  it("offers four server-made thumbnail candidates", async () => {
    const response = await jsonRequest(t, "GET", `/api/videos/${ready.id}/thumbnail-candidates`, { cookie: owner.cookie });
    const { candidates } = (await response.json()) as { candidates: Array<{ timeSeconds: number; dataUrl: string }> };
    expect(candidates.length).toBeGreaterThanOrEqual(3);
    expect(candidates[0]?.dataUrl).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });

  it("answers 404 to another user for every video route, and 400 'Video ID is required' for a bad id", async () => {
    const requests: Array<[string, string, unknown?]> = [
      ["GET", `/api/videos/${ready.id}`],
      ["PATCH", `/api/videos/${ready.id}`, { notes: "x" }],
      ["GET", `/api/videos/${ready.id}/playback`],
      ["GET", `/api/videos/${ready.id}/thumbnail-candidates`],
      ["GET", `/api/videos/${ready.id}/comments`],
      ["POST", `/api/videos/${ready.id}/comments`, { content: "hi", timeSeconds: 1 }],
      ["DELETE", `/api/videos/${ready.id}`],
    ];
    for (const [method, path, body] of requests) {
      const response = await jsonRequest(t, method, path, { cookie: other.cookie, body });
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
    }
    const thumbnail = await t.app.request(`/api/videos/${ready.id}/thumbnail`, { method: "PUT", headers: { origin: TEST_ORIGIN, cookie: other.cookie }, body: JPEG });
    expect(thumbnail.status).toBe(404);
    const bad = await jsonRequest(t, "GET", "/api/videos/not-an-id", { cookie: owner.cookie });
    expect(bad.status).toBe(400);
    expect(await errorMessage(bad)).toContain(VIDEO_COPY.videoIdRequired);
  });

  it("deletes a video with its files", async () => {
    const { video } = await createVideo(t, owner, generateClip("compatible-mp4", 1));
    const done = await waitForProcessing(t, owner.cookie, video.id);
    const { rows } = await t.pool.query("SELECT (SELECT key FROM memory_files WHERE memory_id = $1 AND role = 'playable_video') AS file_path", [done.id]);
    expect((await jsonRequest(t, "DELETE", `/api/videos/${done.id}`, { cookie: owner.cookie })).status).toBe(204);
    expect((await jsonRequest(t, "GET", `/api/videos/${done.id}`, { cookie: owner.cookie })).status).toBe(404);
    expect(await t.services.storage.get({ bucket: "videos", key: rows[0].file_path })).toBeNull();
  });
});

describe("deleting a child", () => {
  it("deletes the videos made only for that child and keeps a video shared with another child", async () => {
    const user = await createSignedInUser(t);
    const maya = await createChild(t, user.id, "Maya");
    const leo = await createChild(t, user.id, "Leo");
    const save = async (childIds: string[]) => {
      const uploadId = await uploadBytes(t, user.cookie, new Uint8Array(10));
      return (await (await jsonRequest(t, "POST", "/api/videos", { cookie: user.cookie, body: { uploadId, title: "T", childIds, unlockType: "now" } })).json()).id as string;
    };
    const onlyMaya = await save([maya.id]);
    const shared = await save([maya.id, leo.id]);
    expect((await jsonRequest(t, "DELETE", `/api/children/${maya.id}`, { cookie: user.cookie })).status).toBeLessThan(300);
    expect((await jsonRequest(t, "GET", `/api/videos/${onlyMaya}`, { cookie: user.cookie })).status).toBe(404);
    expect((await (await jsonRequest(t, "GET", `/api/videos/${shared}`, { cookie: user.cookie })).json()).children.map((c: { name: string }) => c.name)).toEqual(["Leo"]);
  });
});
