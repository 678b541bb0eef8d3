import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { GetObjectCommand, HeadObjectCommand, ListPartsCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UPLOAD_CHUNK_BYTES } from "../../../shared/videos";
import { startS3rver } from "../../../../tests/support/s3-server";
import { createSignedInUser, createTestApp, startAppOn, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { createVideo, generateClip, waitForProcessing } from "../../../../tests/support/videos";
import { S3_UPLOAD_PREFIX } from "./uploads.datastore";

const BUCKET = "heydad-uploads-test";
const MiB = 1024 * 1024;
let t: TestApp;
let s3: S3Client;
let closeS3rver: () => Promise<void>;
let s3Env: Record<string, string>;

beforeAll(async () => {
  const server = await startS3rver(BUCKET);
  closeS3rver = server.close;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  s3 = new S3Client({ region: "us-east-1", endpoint: server.endpoint, forcePathStyle: true, credentials });
  s3Env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: server.endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  };
  t = await createTestApp(s3Env);
});
afterAll(async () => {
  s3.destroy();
  await closeS3rver();
});

const tus = (method: string, path: string, options: { cookie: string; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> }) =>
  t.app.request(path, { method, headers: { origin: TEST_ORIGIN, "tus-resumable": "1.0.0", cookie: options.cookie, ...options.headers }, body: options.body });

async function createUpload(cookie: string, size: number) {
  const response = await tus("POST", "/api/uploads", { cookie, headers: { "upload-length": String(size) } });
  expect(response.status).toBe(201);
  const location = response.headers.get("location") ?? "";
  return { location, id: location.split("/").at(-1) ?? "" };
}

const patch = (cookie: string, location: string, offset: number, bytes: Uint8Array) =>
  tus("PATCH", location, { cookie, body: new Uint8Array(bytes), headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" } });

const offsetOf = async (cookie: string, location: string) => (await tus("HEAD", location, { cookie })).headers.get("upload-offset");

const objectKey = (name: string) => `${S3_UPLOAD_PREFIX}${name}`;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function objectBytes(name: string) {
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: objectKey(name) }));
  return object.Body!.transformToByteArray();
}

async function exists(name: string) {
  return s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey(name) })).then(
    () => true,
    (error: { name?: string }) => (error.name === "NotFound" ? false : Promise.reject(error)),
  );
}

/** The S3 multipart upload behind a tus upload (its id is kept on the `.info` object). */
async function multipartUploadOf(id: string) {
  const info = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey(`${id}.info`) }));
  const UploadId = info.Metadata?.["upload-id"] ?? "";
  return {
    parts: async () => (await s3.send(new ListPartsCommand({ Bucket: BUCKET, Key: objectKey(id), UploadId }))).Parts ?? [],
  };
}

/** Nothing of the upload is left in the bucket: no object, no `.info`, no `.part`, no multipart upload. */
async function expectGoneFromS3(id: string, multipartUpload?: Awaited<ReturnType<typeof multipartUploadOf>>) {
  for (const name of [id, `${id}.info`, `${id}.part`]) expect(await exists(name), name).toBe(false);
  if (multipartUpload) await expect(multipartUpload.parts()).rejects.toMatchObject({ name: "NoSuchUpload" });
}

describe("tus uploads into S3 (@tus/s3-store against @20minutes/s3rver)", () => {
  it("takes 13 MiB in 6 MiB chunks, one S3 part each, resumes from HEAD, refuses a wrong offset with 409, and stores the exact bytes", async () => {
    const user = await createSignedInUser(t);
    const source = randomBytes(13 * MiB);
    const { location, id } = await createUpload(user.cookie, source.length);
    expect(await exists(`${id}.info`)).toBe(true);
    const multipartUpload = await multipartUploadOf(id);

    expect((await patch(user.cookie, location, 0, source.subarray(0, UPLOAD_CHUNK_BYTES))).status).toBe(204);
    expect(await offsetOf(user.cookie, location)).toBe(String(UPLOAD_CHUNK_BYTES));
    expect((await patch(user.cookie, location, 0, source.subarray(0, UPLOAD_CHUNK_BYTES))).status).toBe(409);
    expect(await offsetOf(user.cookie, location)).toBe(String(UPLOAD_CHUNK_BYTES));

    expect((await patch(user.cookie, location, UPLOAD_CHUNK_BYTES, source.subarray(UPLOAD_CHUNK_BYTES, 2 * UPLOAD_CHUNK_BYTES))).status).toBe(204);
    expect(await offsetOf(user.cookie, location)).toBe(String(2 * UPLOAD_CHUNK_BYTES));
    expect((await multipartUpload.parts()).map((part) => part.Size)).toEqual([UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES]);
    expect(await exists(`${id}.part`)).toBe(false);

    const last = await patch(user.cookie, location, 2 * UPLOAD_CHUNK_BYTES, source.subarray(2 * UPLOAD_CHUNK_BYTES));
    expect(last.status).toBe(204);
    expect(last.headers.get("upload-offset")).toBe(String(source.length));
    expect(await offsetOf(user.cookie, location)).toBe(String(source.length));
    expect(sha256(await objectBytes(id))).toBe(sha256(source));
    expect(await t.services.uploads.findCompleted({ id, userId: user.id })).toEqual({ id, sizeBytes: source.length });
  });

  it("takes a recording uploaded while it is made (deferred length, 1 MiB chunks, the length declared with the tail) and stores the exact bytes", async () => {
    const user = await createSignedInUser(t);
    const source = randomBytes(7 * MiB + 4321);
    const created = await tus("POST", "/api/uploads", { cookie: user.cookie, headers: { "upload-defer-length": "1" } });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") ?? "";
    const id = location.split("/").at(-1) ?? "";
    for (let offset = 0; offset < source.length; offset += MiB) {
      const end = Math.min(offset + MiB, source.length);
      const last = end === source.length;
      const response = await tus("PATCH", location, {
        cookie: user.cookie,
        body: new Uint8Array(source.subarray(offset, end)),
        headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream", ...(last ? { "upload-length": String(source.length) } : {}) },
      });
      expect([response.status, response.headers.get("upload-offset")]).toEqual([204, String(end)]);
    }
    expect(await offsetOf(user.cookie, location)).toBe(String(source.length));
    expect(sha256(await objectBytes(id))).toBe(sha256(source));
    expect(await t.services.uploads.findCompleted({ id, userId: user.id })).toEqual({ id, sizeBytes: source.length });
  });

  it("reads a finished upload straight from the bucket, whole or one range across a part boundary (Dad's original playing while it is processed)", async () => {
    const user = await createSignedInUser(t);
    const source = randomBytes(UPLOAD_CHUNK_BYTES + 5000);
    const { location, id } = await createUpload(user.cookie, source.length);
    expect((await patch(user.cookie, location, 0, source.subarray(0, UPLOAD_CHUNK_BYTES))).status).toBe(204);
    expect((await patch(user.cookie, location, UPLOAD_CHUNK_BYTES, source.subarray(UPLOAD_CHUNK_BYTES))).status).toBe(204);
    const file = await t.services.uploads.open(id);
    expect(file?.size).toBe(source.length);
    const read = async (range?: { start: number; end: number }) => Buffer.concat(await (await file!.read(range)).toArray());
    expect(sha256(await read())).toBe(sha256(source));
    const range = { start: UPLOAD_CHUNK_BYTES - 10, end: UPLOAD_CHUNK_BYTES + 9 };
    expect((await read(range)).equals(source.subarray(range.start, range.end + 1))).toBe(true);
    expect(await t.services.uploads.open("nosuchupload")).toBeNull();
  });

  it("lets another app node resume an upload the first one began (nothing of it is kept on the node)", async () => {
    const user = await createSignedInUser(t);
    const source = randomBytes(UPLOAD_CHUNK_BYTES + 12_345);
    const { location, id } = await createUpload(user.cookie, source.length);
    expect((await patch(user.cookie, location, 0, source.subarray(0, UPLOAD_CHUNK_BYTES))).status).toBe(204);

    const otherNode = await startAppOn({ url: t.databaseUrl, env: s3Env });
    try {
      const request = (method: string, headers: Record<string, string>, body?: Uint8Array) =>
        otherNode.app.request(location, { method, headers: { origin: TEST_ORIGIN, "tus-resumable": "1.0.0", cookie: user.cookie, ...headers }, body: body && new Uint8Array(body) });
      expect((await request("HEAD", {})).headers.get("upload-offset")).toBe(String(UPLOAD_CHUNK_BYTES));
      const rest = await request("PATCH", { "upload-offset": String(UPLOAD_CHUNK_BYTES), "content-type": "application/offset+octet-stream" }, source.subarray(UPLOAD_CHUNK_BYTES));
      expect(rest.status).toBe(204);
    } finally {
      await otherNode.stop();
    }
    expect(await offsetOf(user.cookie, location)).toBe(String(source.length));
    expect(sha256(await objectBytes(id))).toBe(sha256(source));
  });

  it("refuses another user's upload with 404 for HEAD, PATCH and DELETE, and leaves it in S3", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const { location, id } = await createUpload(owner.cookie, 10);
    expect((await tus("HEAD", location, { cookie: other.cookie })).status).toBe(404);
    expect((await patch(other.cookie, location, 0, new Uint8Array(10))).status).toBe(404);
    expect((await tus("DELETE", location, { cookie: other.cookie })).status).toBe(404);
    expect(await t.services.uploads.findCompleted({ id, userId: other.id })).toBeNull();
    expect(await offsetOf(owner.cookie, location)).toBe("0");
    expect(await exists(`${id}.info`)).toBe(true);
  });

  it("terminates a half-sent upload with DELETE: 404 afterwards, the multipart upload aborted, no object left", async () => {
    const user = await createSignedInUser(t);
    const { location, id } = await createUpload(user.cookie, 8 * MiB);
    const multipartUpload = await multipartUploadOf(id);
    // Under S3's 5 MiB part minimum, the bytes wait in `<id>.part` for the next chunk.
    expect((await patch(user.cookie, location, 0, randomBytes(MiB))).status).toBe(204);
    expect(await offsetOf(user.cookie, location)).toBe(String(MiB));
    expect(await exists(`${id}.part`)).toBe(true);

    expect((await tus("DELETE", location, { cookie: user.cookie })).status).toBe(204);
    expect((await tus("HEAD", location, { cookie: user.cookie })).status).toBe(404);
    await expectGoneFromS3(id, multipartUpload);
  });

  it("cancels a finished upload with DELETE (the draft's Cancel): the object and its .info are deleted", async () => {
    const user = await createSignedInUser(t);
    const { location, id } = await createUpload(user.cookie, 1000);
    expect((await patch(user.cookie, location, 0, randomBytes(1000))).status).toBe(204);
    expect(await exists(id)).toBe(true);
    expect((await tus("DELETE", location, { cookie: user.cookie })).status).toBe(204);
    expect((await tus("HEAD", location, { cookie: user.cookie })).status).toBe(404);
    await expectGoneFromS3(id);
  });

  it("expires an idle upload from S3 (410 on the next request, and the hourly sweep)", async () => {
    const user = await createSignedInUser(t);
    const asked = await createUpload(user.cookie, 8 * MiB);
    const swept = await createUpload(user.cookie, 8 * MiB);
    const multipartUploads = [await multipartUploadOf(asked.id), await multipartUploadOf(swept.id)];
    expect((await patch(user.cookie, swept.location, 0, randomBytes(MiB))).status).toBe(204);
    await t.pool.query("UPDATE uploads SET last_activity_at = now() - interval '25 hours' WHERE id = ANY($1)", [[asked.id, swept.id]]);

    expect((await tus("HEAD", asked.location, { cookie: user.cookie })).status).toBe(410);
    await expectGoneFromS3(asked.id, multipartUploads[0]);
    expect(await t.services.uploads.expireIdle()).toBeGreaterThanOrEqual(1);
    await expectGoneFromS3(swept.id, multipartUploads[1]);
    expect((await tus("HEAD", swept.location, { cookie: user.cookie })).status).toBe(404);
  });
});

describe("video processing from an S3 upload (real ffmpeg)", () => {
  it("downloads the upload to a temporary file, makes the MP4, then deletes the upload and the temporary file", async () => {
    const localCopy = vi.spyOn(t.services.uploads, "localCopy");
    const user = await createSignedInUser(t);
    const { video, uploadId } = await createVideo(t, user, generateClip("webm", 2));
    const done = await waitForProcessing(t, user.cookie, video.id);
    expect(done).toMatchObject({ processingStatus: "completed", processingError: null });

    const copies = await Promise.all(localCopy.mock.results.map((result) => result.value as ReturnType<typeof t.services.uploads.localCopy>));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.path).toContain(uploadId);
    // The video is marked completed before the job drops the upload and its copy: wait for those last steps.
    await vi.waitFor(
      async () => {
        expect(fs.existsSync(copies[0]?.path ?? "")).toBe(false);
        await expectGoneFromS3(uploadId);
      },
      { timeout: 10_000, interval: 100 },
    );
    const { rows } = await t.pool.query("SELECT (SELECT key FROM memory_files WHERE memory_id = $1 AND role = 'playable_video') AS file_path", [video.id]);
    const stored = await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `videos/${rows[0].file_path}` }));
    expect(stored.ContentType).toBe("video/mp4");
    localCopy.mockRestore();
  });
});
