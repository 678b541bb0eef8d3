import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, createTestApp, jsonRequest, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { createChild, generateClip, waitForProcessing } from "../../../../tests/support/videos";
import { createUploadsDatastore } from "./uploads.datastore";
import { PATCH_MESSAGES } from "./uploads.file-patch";
import { createUploadsRepository } from "./uploads.repository";
import { createUploadsUsecases, MAX_OPEN_RECORDING_UPLOADS, UPLOAD_MESSAGES, UPLOADS_PATH } from "./uploads.usecases";

/**
 * A camera recording uploads while it is made (nothing to wait for at Stop): a tus upload with `Upload-Defer-Length: 1`,
 * a PATCH per MediaRecorder chunk, the length declared with the tail. Quota: 10 MiB per account.
 */
const QUOTA = 10 * 1024 * 1024;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_BYTES: String(QUOTA) });
});

type Caller = { request: (path: string, init: RequestInit) => Response | Promise<Response> };
const tusOn = (caller: Caller) => (method: string, location: string, cookie: string, headers: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>) =>
  caller.request(location, { method, headers: { origin: TEST_ORIGIN, "tus-resumable": "1.0.0", cookie, ...headers }, body });
const tus = (...args: Parameters<ReturnType<typeof tusOn>>) => tusOn(t.app)(...args);

async function startRecording(cookie: string, caller: Caller = t.app) {
  const response = await tusOn(caller)("POST", UPLOADS_PATH, cookie, { "upload-defer-length": "1", "upload-metadata": `filetype ${btoa("video/webm")}` });
  expect(response.status).toBe(201);
  return response.headers.get("location") ?? "";
}

const sendChunk = (location: string, cookie: string, offset: number, bytes: Uint8Array, finalLength?: number, caller: Caller = t.app) =>
  tusOn(caller)("PATCH", location, cookie, {
    "upload-offset": String(offset),
    "content-type": "application/offset+octet-stream",
    ...(finalLength === undefined ? {} : { "upload-length": String(finalLength) }),
  }, new Uint8Array(bytes));

async function offsetOf(location: string, cookie: string) {
  const head = await tus("HEAD", location, cookie);
  expect(head.status).toBe(200);
  return { offset: Number(head.headers.get("upload-offset")), deferred: head.headers.get("upload-defer-length"), length: head.headers.get("upload-length") };
}

/** Uploads `bytes` as a recording would: in `chunk`-sized PATCHes, the last one declaring the length. */
async function recordAndUpload(cookie: string, bytes: Uint8Array, chunk = 64 * 1024) {
  const location = await startRecording(cookie);
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const end = Math.min(offset + chunk, bytes.length);
    const response = await sendChunk(location, cookie, offset, bytes.subarray(offset, end), end === bytes.length ? bytes.length : undefined);
    expect([response.status, response.headers.get("upload-offset")]).toEqual([204, String(end)]);
  }
  return { location, id: location.split("/").at(-1) ?? "" };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const usedRows = async (userId: string) => (await t.pool.query("SELECT size_bytes::int AS size, length_deferred AS deferred FROM uploads WHERE user_id = $1", [userId])).rows;

describe("a recording uploaded while it is made (Upload-Defer-Length)", () => {
  it("is accepted without a size, takes chunks in order, reports its offset to HEAD, and is complete once the tail declares the length", async () => {
    const user = await createSignedInUser(t);
    const location = await startRecording(user.cookie);
    expect(await offsetOf(location, user.cookie)).toEqual({ offset: 0, deferred: "1", length: null });
    expect((await sendChunk(location, user.cookie, 0, new Uint8Array(1000).fill(1))).status).toBe(204);
    expect((await sendChunk(location, user.cookie, 1000, new Uint8Array(500).fill(2))).status).toBe(204);
    // A chunk sent again after a dropped answer is refused (409) and changes nothing; HEAD says where to resume.
    expect((await sendChunk(location, user.cookie, 1000, new Uint8Array(500).fill(2))).status).toBe(409);
    expect(await offsetOf(location, user.cookie)).toEqual({ offset: 1500, deferred: "1", length: null });
    const id = location.split("/").at(-1) ?? "";
    expect(await t.services.uploads.findCompleted({ id, userId: user.id })).toBeNull();
    const tail = await sendChunk(location, user.cookie, 1500, new Uint8Array(250).fill(3), 1750);
    expect([tail.status, tail.headers.get("upload-offset")]).toEqual([204, "1750"]);
    expect(await offsetOf(location, user.cookie)).toEqual({ offset: 1750, deferred: null, length: "1750" });
    expect(await t.services.uploads.findCompleted({ id, userId: user.id })).toEqual({ id, sizeBytes: 1750 });
  });

  it("keeps the uploaded bytes identical to the recording (sha256), also when the length comes with an empty tail", async () => {
    const user = await createSignedInUser(t);
    const recording = new Uint8Array(fs.readFileSync(generateClip("webm", 2)));
    const { id } = await recordAndUpload(user.cookie, recording, 7_777);
    const copy = await t.services.uploads.localCopy(id);
    expect(sha256(new Uint8Array(fs.readFileSync(copy?.path ?? "")))).toBe(sha256(recording));

    const location = await startRecording(user.cookie);
    expect((await sendChunk(location, user.cookie, 0, recording)).status).toBe(204);
    const declared = await sendChunk(location, user.cookie, recording.length, new Uint8Array(0), recording.length);
    expect([declared.status, declared.headers.get("upload-offset")]).toEqual([204, String(recording.length)]);
  });

  it("refuses a length that is shorter than what arrived, or declared twice (400), and keeps the upload as it was", async () => {
    const user = await createSignedInUser(t);
    const location = await startRecording(user.cookie);
    expect((await sendChunk(location, user.cookie, 0, new Uint8Array(100))).status).toBe(204);
    const shorter = await sendChunk(location, user.cookie, 100, new Uint8Array(0), 50);
    expect([shorter.status, (await shorter.json()).error.message]).toEqual([400, PATCH_MESSAGES.lengthInvalid]);
    expect((await sendChunk(location, user.cookie, 100, new Uint8Array(0), 100)).status).toBe(204);
    expect((await sendChunk(location, user.cookie, 100, new Uint8Array(0), 120)).status).toBe(400);
    expect(await offsetOf(location, user.cookie)).toEqual({ offset: 100, deferred: null, length: "100" });
  });

  it("terminates with DELETE ('Retake'): the bytes and the row are gone, then 404", async () => {
    const user = await createSignedInUser(t);
    const { location, id } = await recordAndUpload(user.cookie, new Uint8Array(3000).fill(9), 1000);
    expect((await tus("DELETE", location, user.cookie)).status).toBe(204);
    expect((await tus("HEAD", location, user.cookie)).status).toBe(404);
    expect(await t.services.uploads.localCopy(id)).toBeNull();
    expect(await usedRows(user.id)).toEqual([]);
  });

  it("answers another user's HEAD, PATCH and DELETE with 404 and leaves the recording alone", async () => {
    const owner = await createSignedInUser(t);
    const stranger = await createSignedInUser(t);
    const location = await startRecording(owner.cookie);
    expect((await sendChunk(location, owner.cookie, 0, new Uint8Array(10).fill(1))).status).toBe(204);
    expect((await tus("HEAD", location, stranger.cookie)).status).toBe(404);
    expect((await sendChunk(location, stranger.cookie, 10, new Uint8Array(10), 20)).status).toBe(404);
    expect((await tus("DELETE", location, stranger.cookie)).status).toBe(404);
    expect(await offsetOf(location, owner.cookie)).toEqual({ offset: 10, deferred: "1", length: null });
    expect((await tus("HEAD", location, "")).status).toBe(401);
  });

  it("counts nothing against the quota until the video is saved, then refuses the save that would pass it (413, the quota message)", async () => {
    const user = await createSignedInUser(t);
    const child = await createChild(t, user.id);
    // 8 MiB recorded and fully uploaded: not counted, so an 8 MiB upload of a known size still fits the 10 MiB quota.
    const { id } = await recordAndUpload(user.cookie, new Uint8Array(8 * 1024 * 1024).fill(5), 1024 * 1024);
    expect(await usedRows(user.id)).toEqual([{ size: 0, deferred: true }]);
    const fixed = await tus("POST", UPLOADS_PATH, user.cookie, { "upload-length": String(8 * 1024 * 1024) });
    expect(fixed.status).toBe(201);
    const save = await jsonRequest(t, "POST", "/api/videos", { cookie: user.cookie, body: { uploadId: id, title: "Too big now", childIds: [child.id], unlockType: "now" } });
    expect(save.status).toBe(413);
    expect((await save.json()).error).toEqual({ code: "STORAGE_QUOTA_EXCEEDED", message: UPLOAD_MESSAGES.overQuota(QUOTA) });
    // Nothing was processed: no video row, and the recording is still there to save once room is made.
    expect((await t.pool.query("SELECT count(*)::int AS n FROM memories WHERE user_id = $1 AND kind = 'video'", [user.id])).rows[0].n).toBe(0);
    expect((await tus("DELETE", fixed.headers.get("location") ?? "", user.cookie)).status).toBe(204);
    const saved = await jsonRequest(t, "POST", "/api/videos", { cookie: user.cookie, body: { uploadId: id, title: "Fits", childIds: [child.id], unlockType: "now" } });
    expect(saved.status).toBe(201);
    // Saved: now it counts, and a new upload of a known size over the rest of the quota is refused.
    const over = await tus("POST", UPLOADS_PATH, user.cookie, { "upload-length": String(3 * 1024 * 1024) });
    expect([over.status, (await over.json()).error.message]).toEqual([413, UPLOAD_MESSAGES.overQuota(QUOTA)]);
    await waitForProcessing(t, user.cookie, ((await saved.json()) as { id: string }).id);
  });

  it("is saved, processed and played like any upload", async () => {
    const user = await createSignedInUser(t);
    const child = await createChild(t, user.id);
    const { id } = await recordAndUpload(user.cookie, new Uint8Array(fs.readFileSync(generateClip("webm", 2))), 50_000);
    const saved = await jsonRequest(t, "POST", "/api/videos", { cookie: user.cookie, body: { uploadId: id, title: "Live", childIds: [child.id], unlockType: "now" } });
    expect(saved.status).toBe(201);
    const video = await waitForProcessing(t, user.cookie, ((await saved.json()) as { id: string }).id);
    expect(video.processingStatus).toBe("completed");
    expect((await jsonRequest(t, "GET", `/api/videos/${video.id}/playback`, { cookie: user.cookie })).status).toBe(200);
  });

  it(`lets a user keep at most ${MAX_OPEN_RECORDING_UPLOADS} recordings open at once (429 with a clear message), and one more after a DELETE`, async () => {
    const user = await createSignedInUser(t);
    const open = [];
    for (let i = 0; i < MAX_OPEN_RECORDING_UPLOADS; i++) open.push(await startRecording(user.cookie));
    const refused = await tus("POST", UPLOADS_PATH, user.cookie, { "upload-defer-length": "1" });
    expect([refused.status, (await refused.json()).error.message]).toEqual([429, UPLOAD_MESSAGES.tooManyRecordings]);
    // Uploads of a known size (a chosen file) are not held back by it.
    expect((await tus("POST", UPLOADS_PATH, user.cookie, { "upload-length": "10" })).status).toBe(201);
    expect((await tus("DELETE", open[0] ?? "", user.cookie)).status).toBe(204);
    await startRecording(user.cookie);
  });

  it("expires a recording abandoned for 24 hours like any upload", async () => {
    const user = await createSignedInUser(t);
    const { location, id } = await recordAndUpload(user.cookie, new Uint8Array(100), 100);
    await t.pool.query("UPDATE uploads SET last_activity_at = now() - interval '25 hours' WHERE id = $1", [id]);
    expect(await t.services.uploads.expireIdle()).toBeGreaterThanOrEqual(1);
    expect((await tus("HEAD", location, user.cookie)).status).toBe(404);
    expect(await t.services.uploads.localCopy(id)).toBeNull();
  });
});

describe("the size limit of a recording whose length is deferred", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-deferred-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const MAX = 4096;

  /** The uploads endpoint with a 4 KiB limit in place of 10 GB (same code, same database). */
  function smallLimitApp() {
    const datastore = createUploadsDatastore({ storage: { kind: "local", root: dir }, dir, maxSizeBytes: MAX });
    const usecases = createUploadsUsecases({ datastore, quotaBytes: QUOTA, uploads: createUploadsRepository(t.db), maxSizeBytes: MAX });
    return (userId: string): Caller => ({
      request: (location, init) => {
        const request = new Request(new URL(location, TEST_ORIGIN), init);
        return usecases.handle({ request, userId, uploadId: request.method === "POST" ? undefined : location.split("/").at(-1) });
      },
    });
  }

  it("refuses bytes past the maximum with 413 and the 10 GB message, keeping what fits", async () => {
    const user = await createSignedInUser(t);
    const caller = smallLimitApp()(user.id);
    const location = await startRecording(user.cookie, caller);
    expect((await sendChunk(location, user.cookie, 0, new Uint8Array(MAX - 10), undefined, caller)).status).toBe(204);
    const over = await sendChunk(location, user.cookie, MAX - 10, new Uint8Array(20), undefined, caller);
    expect([over.status, await over.text()]).toEqual([413, UPLOAD_MESSAGES.tooLarge]);
    const tooLong = await sendChunk(location, user.cookie, MAX - 10, new Uint8Array(0), MAX + 1, caller);
    expect([tooLong.status, await tooLong.text()]).toEqual([413, UPLOAD_MESSAGES.tooLarge]);
    const head = await tusOn(caller)("HEAD", location, user.cookie);
    expect(head.headers.get("upload-offset")).toBe(String(MAX - 10));
    expect((await sendChunk(location, user.cookie, MAX - 10, new Uint8Array(10), MAX, caller)).status).toBe(204);
  });
});
