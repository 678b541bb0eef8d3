import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createErrorHandler } from "../../http/error-handler";
import { createObjectStorage } from "./storage";
import { detectFileType, isFileOfKind } from "./storage.file-type";
import { createLocalStorage } from "./storage.local";
import { parseRange } from "../../http/serve-file";
import { registerStorageRoutes } from "./storage.routes";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-local-storage-"));
const local = createLocalStorage({ root, signingKey: Buffer.from("another-signing-key-for-tests-0123") });
const storage = createObjectStorage(local.driver);
const app = new Hono();
app.onError(createErrorHandler({ info: () => {}, error: (message, error) => console.error(message, error) }));
app.route("/", registerStorageRoutes({ local }));
const bytes = Buffer.from("0123456789abcdefghij");

beforeAll(async () => {
  await storage.put({ bucket: "videos", key: "dad/clip.mp4", body: bytes, contentType: "video/mp4" });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("local storage on disk", () => {
  it("keeps objects under <root>/<bucket>/<key> with no half-written file left behind", async () => {
    expect(fs.readFileSync(path.join(root, "videos", "dad", "clip.mp4"))).toEqual(bytes);
    expect(fs.readdirSync(path.join(root, "videos", "dad"))).toEqual(["clip.mp4"]);
  });
});

describe("serving signed links", () => {
  it("serves the whole file with its length, type, inline disposition and ranges advertised", async () => {
    const response = await app.request(await storage.signedUrl({ bucket: "videos", key: "dad/clip.mp4" }));
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "video/mp4",
      "content-length": "20",
      "accept-ranges": "bytes",
      "content-disposition": "inline",
      "cache-control": "private, max-age=3600",
    });
  });

  it("serves open-ended and suffix ranges", async () => {
    const url = await storage.signedUrl({ bucket: "videos", key: "dad/clip.mp4" });
    const tail = await app.request(url, { headers: { range: "bytes=15-" } });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe("fghij");
    const suffix = await app.request(url, { headers: { range: "bytes=-3" } });
    expect(suffix.headers.get("content-range")).toBe("bytes 17-19/20");
    expect(await suffix.text()).toBe("hij");
  });

  it("answers 416 with the size for a range past the end", async () => {
    const response = await app.request(await storage.signedUrl({ bucket: "videos", key: "dad/clip.mp4" }), { headers: { range: "bytes=50-60" } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */20");
  });

  it("names a download with a non-ASCII name in UTF-8 too", async () => {
    const response = await app.request(await storage.signedUrl({ bucket: "videos", key: "dad/clip.mp4", downloadAs: "Zoë's first steps.mp4" }));
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Zo_'s first steps.mp4"; filename*=UTF-8''Zo%C3%AB's%20first%20steps.mp4`);
  });

  it("refuses a link whose download name was changed, or with no signature, with 403", async () => {
    const url = await storage.signedUrl({ bucket: "videos", key: "dad/clip.mp4", downloadAs: "a.mp4" });
    expect((await app.request(url.replace("download=a.mp4", "download=b.mp4"))).status).toBe(403);
    expect((await app.request("/files/videos/dad/clip.mp4")).status).toBe(403);
    expect((await app.request(url.replace(/expires=\d+/, "expires=99999999999"))).status).toBe(403);
  });

  it("refuses a link to a path outside the buckets with 403", async () => {
    expect((await app.request("/files/videos/..%2F..%2Fetc/passwd?expires=1&signature=x")).status).toBe(403);
    expect((await app.request("/files/.meta/dad/clip.mp4.json?expires=1&signature=x")).status).toBe(403);
  });

  it("answers 404 for a validly signed link whose file was deleted", async () => {
    await storage.put({ bucket: "images", key: "dad/gone.png", body: bytes, contentType: "image/png" });
    const url = await storage.signedUrl({ bucket: "images", key: "dad/gone.png" });
    await storage.delete({ bucket: "images", key: "dad/gone.png" });
    expect((await app.request(url)).status).toBe(404);
  });
});

describe("parseRange", () => {
  it("reads single ranges and serves anything else whole", () => {
    expect(parseRange("bytes=0-0", 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=5-100", 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange("bytes=0-1,3-4", 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange("bytes=-", 10)).toBeNull();
    expect(parseRange("bytes=7-3", 10)).toBe("unsatisfiable");
  });
});

describe("file types from the bytes", () => {
  it("recognises an image by its bytes, whatever it is called", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082", "hex");
    expect(await detectFileType(png)).toEqual({ mime: "image/png", ext: "png", kind: "image" });
    expect(await isFileOfKind(png, "image")).toBe(true);
    expect(await isFileOfKind(png, "video")).toBe(false);
  });

  it("does not take text for an image", async () => {
    expect(await detectFileType(Buffer.from("<svg onload=alert(1)>"))).toBeNull();
    expect(await isFileOfKind(Buffer.from("just some text pretending to be a .jpg"), "image")).toBe(false);
  });
});
