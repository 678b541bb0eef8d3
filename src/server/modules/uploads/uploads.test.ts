import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Upload } from "tus-js-client";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_VIDEO_BYTES } from "../../../shared/videos";
import { createSignedInUser, createTestApp, startAppOn, TEST_ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { PATCH_MESSAGES } from "./uploads.file-patch";
import { UPLOAD_MESSAGES } from "./uploads.usecases";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STORAGE_QUOTA_BYTES: String(10 * 1024 * 1024) });
});

const tus = (method: string, path: string, options: { cookie?: string; headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> } = {}) =>
  t.app.request(path, {
    method,
    headers: { origin: TEST_ORIGIN, "tus-resumable": "1.0.0", ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    body: options.body,
  });

async function createUpload(cookie: string, size: number) {
  const response = await tus("POST", "/api/uploads", { cookie, headers: { "upload-length": String(size), "upload-metadata": `filetype ${btoa("video/webm")}` } });
  expect(response.status).toBe(201);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9]+$/);
  return location;
}

const patch = (cookie: string, location: string, offset: number, bytes: Uint8Array<ArrayBuffer>) =>
  tus("PATCH", location, { cookie, body: bytes, headers: { "upload-offset": String(offset), "content-type": "application/offset+octet-stream" } });

describe("tus uploads under /api/uploads", () => {
  it("needs a session", async () => {
    const response = await tus("POST", "/api/uploads", { headers: { "upload-length": "10" } });
    expect(response.status).toBe(401);
  });

  it("creates, resumes with HEAD, accepts chunks at the right offset and answers 409 at a wrong one", async () => {
    const user = await createSignedInUser(t);
    const location = await createUpload(user.cookie, 20);
    expect((await patch(user.cookie, location, 0, new Uint8Array(8).fill(1))).status).toBe(204);
    const head = await tus("HEAD", location, { cookie: user.cookie });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("8");
    expect(head.headers.get("upload-length")).toBe("20");
    const wrong = await patch(user.cookie, location, 4, new Uint8Array(4));
    expect(wrong.status).toBe(409);
    expect((await tus("HEAD", location, { cookie: user.cookie })).headers.get("upload-offset")).toBe("8");
  });

  it("refuses a PATCH without the tus headers, or with more bytes than declared, and keeps the upload as it was", async () => {
    const user = await createSignedInUser(t);
    const location = await createUpload(user.cookie, 10);
    const noVersion = await t.app.request(location, {
      method: "PATCH",
      headers: { origin: TEST_ORIGIN, cookie: user.cookie, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      body: new Uint8Array(4),
    });
    expect(noVersion.status).toBe(412);
    const wrongType = await tus("PATCH", location, { cookie: user.cookie, body: new Uint8Array(4), headers: { "upload-offset": "0", "content-type": "application/octet-stream" } });
    expect([wrongType.status, (await wrongType.json()).error.message]).toEqual([415, PATCH_MESSAGES.contentType]);
    const noOffset = await tus("PATCH", location, { cookie: user.cookie, body: new Uint8Array(4), headers: { "content-type": "application/offset+octet-stream" } });
    expect([noOffset.status, (await noOffset.json()).error.message]).toEqual([403, PATCH_MESSAGES.offsetMissing]);
    const tooMany = await patch(user.cookie, location, 0, new Uint8Array(11));
    expect([tooMany.status, (await tooMany.json()).error.message]).toEqual([413, PATCH_MESSAGES.tooMuch]);
    expect((await tus("HEAD", location, { cookie: user.cookie })).headers.get("upload-offset")).toBe("0");
    const fits = await patch(user.cookie, location, 0, new Uint8Array(10).fill(7));
    expect([fits.status, fits.headers.get("upload-offset")]).toEqual([204, "10"]);
  });

  it("answers 404 for an unknown upload", async () => {
    const user = await createSignedInUser(t);
    expect((await tus("HEAD", "/api/uploads/doesnotexist0000", { cookie: user.cookie })).status).toBe(404);
    expect((await patch(user.cookie, "/api/uploads/doesnotexist0000", 0, new Uint8Array(1))).status).toBe(404);
  });

  it("refuses another user's upload with 404 for HEAD, PATCH and DELETE", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const location = await createUpload(owner.cookie, 10);
    expect((await tus("HEAD", location, { cookie: other.cookie })).status).toBe(404);
    expect((await patch(other.cookie, location, 0, new Uint8Array(10))).status).toBe(404);
    expect((await tus("DELETE", location, { cookie: other.cookie })).status).toBe(404);
    expect((await tus("HEAD", location, { cookie: owner.cookie })).headers.get("upload-offset")).toBe("0");
  });

  it("terminates with DELETE, after which the upload is gone (404)", async () => {
    const user = await createSignedInUser(t);
    const location = await createUpload(user.cookie, 10);
    const id = location.split("/").at(-1) ?? "";
    expect((await tus("DELETE", location, { cookie: user.cookie })).status).toBe(204);
    expect((await tus("HEAD", location, { cookie: user.cookie })).status).toBe(404);
    expect(await t.services.uploads.localCopy(id)).toBeNull();
  });

  it("refuses more than 10 GB with 413 before storing anything", async () => {
    const user = await createSignedInUser(t);
    const response = await tus("POST", "/api/uploads", { cookie: user.cookie, headers: { "upload-length": String(MAX_VIDEO_BYTES + 1) } });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe(UPLOAD_MESSAGES.tooLarge);
    const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM uploads WHERE user_id = $1", [user.id]);
    expect(rows[0].n).toBe(0);
  });

  it("refuses an upload that would pass the account's quota with 413 and a clear message", async () => {
    const user = await createSignedInUser(t);
    await createUpload(user.cookie, 6 * 1024 * 1024);
    const response = await tus("POST", "/api/uploads", { cookie: user.cookie, headers: { "upload-length": String(5 * 1024 * 1024) } });
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toBe(UPLOAD_MESSAGES.overQuota(10 * 1024 * 1024));
    expect(UPLOAD_MESSAGES.overQuota(10 * 1024 * 1024)).toContain("10 MB of storage");
    // Another account has its own quota.
    await createUpload((await createSignedInUser(t)).cookie, 5 * 1024 * 1024);
  });

  it("refuses an upload that neither declares its size nor defers it (400)", async () => {
    const user = await createSignedInUser(t);
    const response = await tus("POST", "/api/uploads", { cookie: user.cookie });
    expect(response.status).toBe(400);
  });

  it("expires an upload after 24 hours without progress (410, then gone)", async () => {
    const user = await createSignedInUser(t);
    const location = await createUpload(user.cookie, 10);
    const id = location.split("/").at(-1);
    await t.pool.query("UPDATE uploads SET last_activity_at = now() - interval '25 hours' WHERE id = $1", [id]);
    expect((await tus("HEAD", location, { cookie: user.cookie })).status).toBe(410);
    expect((await tus("HEAD", location, { cookie: user.cookie })).status).toBe(404);

    const idle = await createUpload(user.cookie, 10);
    await t.pool.query("UPDATE uploads SET last_activity_at = now() - interval '25 hours' WHERE id = $1", [idle.split("/").at(-1)]);
    expect(await t.services.uploads.expireIdle()).toBeGreaterThanOrEqual(1);
    expect((await tus("HEAD", idle, { cookie: user.cookie })).status).toBe(404);
  });
});

/** The app on a real HTTP server, as in production: PATCH bodies arrive as Node streams. */
const listen = (app: TestApp["app"], port = 0) =>
  new Promise<{ port: number; close: () => Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => new Promise((done) => { server.close(() => done()); (server as unknown as { closeAllConnections: () => void }).closeAllConnections(); }) }),
    );
  });

describe("a connection dropped in the middle of a PATCH", () => {
  it("keeps the bytes that arrived, reports them to HEAD, and takes the rest from there", async () => {
    const user = await createSignedInUser(t);
    const location = await createUpload(user.cookie, 1024 * 1024);
    const server = await listen(t.app);
    try {
      const sent = 300 * 1024;
      await new Promise<void>((resolve) => {
        const socket = net.connect(server.port, "127.0.0.1", () => {
          socket.write(
            [`PATCH ${location} HTTP/1.1`, `host: 127.0.0.1:${server.port}`, `origin: ${TEST_ORIGIN}`, `cookie: ${user.cookie}`, "tus-resumable: 1.0.0", "upload-offset: 0",
              "content-type: application/offset+octet-stream", `content-length: ${1024 * 1024}`, "", ""].join("\r\n"),
          );
          socket.write(Buffer.alloc(sent, 1), () => setTimeout(() => socket.destroy(), 100));
        });
        socket.on("close", () => resolve());
      });
      // One HEAD, at once: it must wait for the interrupted PATCH to write what arrived and release the
      // upload, so the first offset a client sees is already final (asking again would hide a stale answer).
      const head = await tus("HEAD", location, { cookie: user.cookie });
      expect(head.headers.get("upload-offset")).toBe(String(sent));
      const rest = await fetch(`http://127.0.0.1:${server.port}${location}`, {
        method: "PATCH",
        headers: { origin: TEST_ORIGIN, cookie: user.cookie, "tus-resumable": "1.0.0", "upload-offset": String(sent), "content-type": "application/offset+octet-stream" },
        body: new Uint8Array(1024 * 1024 - sent).fill(2),
      });
      expect([rest.status, rest.headers.get("upload-offset")]).toEqual([204, String(1024 * 1024)]);
    } finally {
      await server.close();
    }
  });
});

describe("a PATCH whose connection went silent without closing (a phone that lost its network)", () => {
  it("is ended by the next HEAD, which waits for it and then reports every byte it received", async () => {
    const user = await createSignedInUser(t);
    const location = await createUpload(user.cookie, 1024 * 1024);
    const server = await listen(t.app);
    const socket = net.connect(server.port, "127.0.0.1");
    try {
      let answered = "";
      socket.on("data", (data) => (answered += data.toString("latin1")));
      const sent = 300 * 1024;
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write(
        [`PATCH ${location} HTTP/1.1`, `host: 127.0.0.1:${server.port}`, `origin: ${TEST_ORIGIN}`, `cookie: ${user.cookie}`, "tus-resumable: 1.0.0", "upload-offset: 0",
          "content-type: application/offset+octet-stream", `content-length: ${1024 * 1024}`, "", ""].join("\r\n"),
      );
      await new Promise<void>((resolve) => socket.write(Buffer.alloc(sent, 1), () => resolve()));
      // The connection then goes silent, neither sending nor closing.
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The resuming client asks where to go on while the silent PATCH still holds the upload.
      const head = await tus("HEAD", location, { cookie: user.cookie });
      expect(head.headers.get("upload-offset")).toBe(String(sent));
      // The silent PATCH was made to finish first: its connection got its answer, with the same offset.
      await expect.poll(() => answered, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 204[\s\S]*upload-offset: 307200/i);
    } finally {
      socket.destroy();
      await server.close();
    }
  });
});

describe("resuming with tus-js-client across a server restart", () => {
  it("finishes the upload from the last acknowledged byte, and the file's sha256 equals the source's", async () => {
    const user = await createSignedInUser(t);
    const source = randomBytes(5 * 1024 * 1024 + 123);
    const chunkSize = 1024 * 1024;

    const options = (port: number) => ({ endpoint: `http://127.0.0.1:${port}/api/uploads`, chunkSize, retryDelays: [], headers: { cookie: user.cookie, origin: TEST_ORIGIN } });

    const first = await listen(t.app);
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      let chunks = 0;
      const upload: Upload = new Upload(source, {
        ...options(first.port),
        onError: reject,
        onChunkComplete: () => {
          chunks += 1;
          if (chunks === 2) void upload.abort().then(() => resolve(upload.url ?? ""));
        },
      });
      upload.start();
    });
    await first.close();

    // A new app process over the same database and upload directory.
    const restarted = await startAppOn({ url: t.databaseUrl, env: { STORAGE_QUOTA_BYTES: String(10 * 1024 * 1024) } });
    const second = await listen(restarted.app, first.port);
    try {
      const head = await fetch(uploadUrl, { method: "HEAD", headers: { cookie: user.cookie, "tus-resumable": "1.0.0" } });
      expect(head.headers.get("upload-offset")).toBe(String(2 * chunkSize));
      let firstResumedOffset = -1;
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(source, {
          ...options(second.port),
          uploadUrl,
          onError: reject,
          onProgress: (sent) => {
            if (firstResumedOffset < 0) firstResumedOffset = sent;
          },
          onSuccess: () => resolve(),
        });
        upload.start();
      });
      expect(firstResumedOffset).toBeGreaterThanOrEqual(2 * chunkSize);
      const id = uploadUrl.split("/").at(-1) ?? "";
      const stored = fs.readFileSync((await restarted.services.uploads.localCopy(id))?.path ?? "");
      expect(createHash("sha256").update(stored).digest("hex")).toBe(createHash("sha256").update(source).digest("hex"));
    } finally {
      await second.close();
      await restarted.stop();
    }
  });
});
