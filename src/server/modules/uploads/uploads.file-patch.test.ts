import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { FileStore } from "@tus/file-store";
import { MemoryLocker, Upload } from "@tus/server";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_VIDEO_BYTES } from "../../../shared/videos";
import { createFilePatcher } from "./uploads.file-patch";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "heydad-file-patch-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const store = new FileStore({ directory: dir });
const locker = new MemoryLocker();
const patch = createFilePatcher({ filePath: (id) => path.join(dir, id), store, locker, maxSizeBytes: MAX_VIDEO_BYTES });

const CHUNK = 64 * 1024;
const headers = (offset: number) => new Headers({ "tus-resumable": "1.0.0", "content-type": "application/offset+octet-stream", "upload-offset": String(offset) });
let uploads = 0;
async function createUpload(size: number) {
  const id = `upload${uploads++}`;
  await store.create(new Upload({ id, size, offset: 0, metadata: {} }));
  return id;
}

/** A request body that delivers `chunks` chunks (every `everyMs`, or all at once), then drops like a closed connection. */
function droppedBody(chunks: number, everyMs = 0) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === chunks) return void this.destroy(new Error("aborted"));
      sent += 1;
      if (everyMs === 0) this.push(Buffer.alloc(CHUNK, sent));
      else setTimeout(() => this.push(Buffer.alloc(CHUNK, sent)), everyMs);
    },
  });
}

/** What a HEAD reads: it takes the upload's lock first, as @tus/server's HEAD handler does. */
async function headOffset(id: string) {
  const lock = locker.newLock(id);
  await lock.lock(new AbortController().signal, () => {});
  try {
    return (await store.getUpload(id)).offset;
  } finally {
    await lock.unlock();
  }
}

describe("the local-disk tus PATCH", () => {
  it("has every byte that arrived before a dropped connection on disk when it answers", async () => {
    const id = await createUpload(16 * CHUNK);
    const outcome = await patch({ id, headers: headers(0), body: droppedBody(10) });
    expect(outcome).toEqual({ status: 204, offset: 10 * CHUNK });
    expect(fs.statSync(path.join(dir, id)).size).toBe(10 * CHUNK);
  });

  it("makes a HEAD that arrives while a dropped PATCH is still writing wait for its final offset", async () => {
    const id = await createUpload(16 * CHUNK);
    const writing = patch({ id, headers: headers(0), body: droppedBody(6, 40) });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await headOffset(id)).toBe(6 * CHUNK);
    expect(await writing).toEqual({ status: 204, offset: 6 * CHUNK });
  });

  it("makes a new PATCH wait for the dropped one, then continue from where it ended", async () => {
    const id = await createUpload(8 * CHUNK);
    const first = patch({ id, headers: headers(0), body: droppedBody(5, 30) });
    await new Promise((resolve) => setTimeout(resolve, 40));
    const second = await patch({ id, headers: headers(5 * CHUNK), body: Readable.from([Buffer.alloc(3 * CHUNK, 9)]) });
    expect(second).toEqual({ status: 204, offset: 8 * CHUNK });
    expect(await first).toEqual({ status: 204, offset: 5 * CHUNK });
  });

  it("gives up the lock to a HEAD when its connection goes quiet without closing (half-open)", async () => {
    const id = await createUpload(4 * CHUNK);
    const silent = new Readable({ read() {} });
    silent.push(Buffer.alloc(CHUNK, 1));
    const writing = patch({ id, headers: headers(0), body: silent });
    const startedAt = Date.now();
    expect(await headOffset(id)).toBe(CHUNK);
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(await writing).toEqual({ status: 204, offset: CHUNK });
    silent.destroy();
  });
});
