import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { Hono } from "hono";
import S3rver from "@20minutes/s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createErrorHandler } from "../../http/error-handler";
import { createObjectStorage, type ObjectStorage } from "./storage";
import { createLocalStorage } from "./storage.local";
import { registerStorageRoutes } from "./storage.routes";
import { createS3Storage } from "./storage.s3";

type Backend = {
  /** Storage whose links are signed at `clock()` (moved back in time for expired links). */
  storage: (clock?: () => Date) => ObjectStorage;
  /** Fetches a signed link the way a browser would. */
  fetchLink: (url: string, init?: RequestInit) => Promise<Response>;
};

const twoHoursAgo = () => new Date(Date.now() - 2 * 3600 * 1000);
const bodyOf = async (object: { body: Readable } | null) => {
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

function localBackend(): Backend {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-storage-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const signingKey = Buffer.from("test-signing-key-test-signing-key");
  const serving = createLocalStorage({ root, signingKey });
  const app = new Hono();
  app.onError(createErrorHandler({ info: () => {}, error: (message, error) => console.error(message, error) }));
  app.route("/", registerStorageRoutes({ local: serving }));
  return {
    storage: (clock) => createObjectStorage(createLocalStorage({ root, signingKey }).driver, { clock }),
    fetchLink: async (url, init) => app.request(url, init),
  };
}

function s3Backend(): Backend {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: "heydad-test" }] });
  let endpoint = "";
  beforeAll(async () => {
    const address = (await server.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  const options = () => ({
    bucket: "heydad-test",
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const driver = () => {
    const s3 = createS3Storage(options());
    // s3rver signs bucket-level requests over "/bucket" while the SDK sends "/bucket/" (real S3 accepts
    // both): drop that trailing slash before signing so s3rver's SigV4 check can pass.
    s3.client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path === "/heydad-test/") request.path = "/heydad-test";
        return next(args);
      },
      { step: "build" },
    );
    return s3;
  };
  return { storage: (clock) => createObjectStorage(driver(), { clock }), fetchLink: (url, init) => fetch(url, init) };
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe.each([
  ["local disk", localBackend],
  ["S3 (@20minutes/s3rver on loopback, SigV4 checked)", s3Backend],
])("storage contract: %s", (_name, makeBackend) => {
  const backend = makeBackend();
  let storage: ObjectStorage;
  // The photo every link test signs is there before any of them, whatever order the tests run in.
  beforeAll(async () => {
    storage = backend.storage();
    await storage.put({ bucket: "child-images", key: "user-a/photo.png", body: PNG, contentType: "image/png" });
  });

  it("stores a Buffer and reads it back with its type and size", async () => {
    await storage.put({ bucket: "child-images", key: "user-a/photo.png", body: PNG, contentType: "image/png" });
    const object = await storage.get({ bucket: "child-images", key: "user-a/photo.png" });
    expect(object).toMatchObject({ contentType: "image/png", size: PNG.length });
    expect(await bodyOf(object)).toEqual(PNG);
  });

  it("stores a stream of unknown length", async () => {
    const parts = [Buffer.alloc(1000, 1), Buffer.alloc(2000, 2), Buffer.alloc(10, 3)];
    await storage.put({ bucket: "audio", key: "user-a/voice.webm", body: Readable.from(parts), contentType: "audio/webm" });
    const object = await storage.get({ bucket: "audio", key: "user-a/voice.webm" });
    expect(object?.size).toBe(3010);
    expect(await bodyOf(object)).toEqual(Buffer.concat(parts));
  });

  it("overwrites an object at the same key", async () => {
    await storage.put({ bucket: "images", key: "user-a/same.txt", body: Buffer.from("first"), contentType: "text/plain" });
    await storage.put({ bucket: "images", key: "user-a/same.txt", body: Buffer.from("second"), contentType: "text/plain" });
    expect((await bodyOf(await storage.get({ bucket: "images", key: "user-a/same.txt" }))).toString()).toBe("second");
  });

  it("answers null for a missing object and deletes a missing one quietly", async () => {
    expect(await storage.get({ bucket: "videos", key: "user-a/none.mp4" })).toBeNull();
    await expect(storage.delete({ bucket: "videos", key: "user-a/none.mp4" })).resolves.toBeUndefined();
  });

  it("lists and deletes by prefix, leaving other prefixes alone", async () => {
    for (const key of ["user-b/one.bin", "user-b/nested/two.bin", "user-bb/other.bin"]) {
      await storage.put({ bucket: "videos", key, body: Buffer.from(key), contentType: "application/octet-stream" });
    }
    expect((await storage.list({ bucket: "videos", prefix: "user-b/" })).map((o) => o.key)).toEqual(["user-b/nested/two.bin", "user-b/one.bin"]);
    await storage.deletePrefix({ bucket: "videos", prefix: "user-b/" });
    expect(await storage.list({ bucket: "videos", prefix: "user-b/" })).toEqual([]);
    expect((await storage.list({ bucket: "videos", prefix: "user-bb/" })).map((o) => o.key)).toEqual(["user-bb/other.bin"]);
  });

  it("deletes every file of one user in every bucket and nothing of another user", async () => {
    for (const bucket of ["images", "audio", "videos", "child-images"] as const) {
      await storage.put({ bucket, key: "leaving-dad/file.bin", body: Buffer.from("x"), contentType: "application/octet-stream" });
      await storage.put({ bucket, key: "staying-dad/file.bin", body: Buffer.from("y"), contentType: "application/octet-stream" });
    }
    await storage.deleteUserFiles({ userId: "leaving-dad" });
    expect(await storage.listUserFiles({ userId: "leaving-dad" })).toEqual([]);
    expect(await storage.listUserFiles({ userId: "staying-dad" })).toHaveLength(4);
  });

  it("refuses keys that could escape their folder", async () => {
    for (const key of ["../x", "a/../../x", "/abs", "a//b", "", "a/./b", "a\\b", "a b"]) {
      await expect(storage.put({ bucket: "images", key, body: Buffer.from("x"), contentType: "text/plain" })).rejects.toThrow("not allowed");
    }
    await expect(storage.put({ bucket: "secrets" as "images", key: "a", body: Buffer.from("x"), contentType: "text/plain" })).rejects.toThrow("not allowed");
    await expect(storage.deletePrefix({ bucket: "images", prefix: "" })).rejects.toThrow("not allowed");
  });

  it("gives a signed link that serves the bytes with their type", async () => {
    const url = await storage.signedUrl({ bucket: "child-images", key: "user-a/photo.png" });
    const response = await backend.fetchLink(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it("signs links that stay valid for at most 3600 seconds, signed as of the current minute", async () => {
    const url = new URL(await storage.signedUrl({ bucket: "child-images", key: "user-a/photo.png" }), "http://x");
    const amzDate = url.searchParams.get("X-Amz-Date")?.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z");
    const expiresAt = amzDate ? Date.parse(amzDate) / 1000 + Number(url.searchParams.get("X-Amz-Expires")) : Number(url.searchParams.get("expires"));
    const seconds = expiresAt - Date.now() / 1000;
    expect(seconds).toBeGreaterThan(3540 - 1);
    expect(seconds).toBeLessThanOrEqual(3600);
  });

  it("gives the same link for a file within a minute, and a new one the next minute", async () => {
    let now = new Date("2026-11-21T10:00:05Z");
    const clocked = backend.storage(() => now);
    const ref = { bucket: "child-images", key: "user-a/photo.png" } as const;
    const first = await clocked.signedUrl(ref);
    now = new Date("2026-11-21T10:00:59Z");
    expect(await clocked.signedUrl(ref)).toBe(first);
    const [again, otherFile] = await clocked.signedUrls([ref, { bucket: "audio", key: "user-a/photo.png" }]);
    expect([again === first, otherFile === first]).toEqual([true, false]);
    now = new Date("2026-11-21T10:01:00Z");
    expect(await clocked.signedUrl(ref)).not.toBe(first);
  });

  it("keeps a download link, a shorter-lived link and the plain link of one file apart within a minute, and refuses a bad key beside good ones", async () => {
    const clocked = backend.storage(() => new Date("2026-11-21T10:00:05Z"));
    const ref = { bucket: "child-images", key: "user-a/photo.png" } as const;
    const asked = [ref, { ...ref, downloadAs: "Maya photo.png" }, { ...ref, ttlSeconds: 600 }];
    const links = [];
    for (const input of asked) links.push(await clocked.signedUrl(input));
    expect(new Set(links).size).toBe(3);
    const again = [];
    for (const input of [...asked].reverse()) again.push(await clocked.signedUrl(input));
    expect(again.reverse()).toEqual(links);
    await expect(clocked.signedUrls([ref, { bucket: "child-images", key: "user-a/../photo.png" }])).rejects.toThrow("not allowed");
    await expect(clocked.signedUrls([ref, { bucket: "secrets" as "images", key: ref.key }])).rejects.toThrow("not allowed");
  });

  it("serves a byte range for media", async () => {
    const url = await storage.signedUrl({ bucket: "child-images", key: "user-a/photo.png" });
    const response = await backend.fetchLink(url, { headers: { range: "bytes=1-3" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 1-3/${PNG.length}`);
    expect(Buffer.from(await response.arrayBuffer()).toString("latin1")).toBe("PNG");
  });

  it("marks a download link as an attachment with the file name", async () => {
    const url = await storage.signedUrl({ bucket: "child-images", key: "user-a/photo.png", downloadAs: "Maya photo.png" });
    const response = await backend.fetchLink(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Maya photo.png"$/);
  });

  it("refuses an expired link with 403", async () => {
    const url = await backend.storage(twoHoursAgo).signedUrl({ bucket: "child-images", key: "user-a/photo.png" });
    expect((await backend.fetchLink(url)).status).toBe(403);
  });

  it("refuses a tampered link with 403", async () => {
    await storage.put({ bucket: "child-images", key: "user-z/private.png", body: PNG, contentType: "image/png" });
    const url = await storage.signedUrl({ bucket: "child-images", key: "user-a/photo.png" });
    const otherObject = url.replace("user-a/photo.png", "user-z/private.png");
    expect((await backend.fetchLink(otherObject)).status).toBe(403);
    const forgedSignature = url.replace(/(signature|X-Amz-Signature)=([0-9A-Za-z_-])/, (_all, name: string, first: string) => `${name}=${first === "a" ? "b" : "a"}`);
    expect(forgedSignature).not.toBe(url);
    expect((await backend.fetchLink(forgedSignature)).status).toBe(403);
  });
});
