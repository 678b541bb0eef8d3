import fs from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FileStore } from "@tus/file-store";

/** What a PATCH answered: 204 with the new offset, or a tus error status with a plain message. */
export type PatchOutcome = { status: 204; offset: number } | { status: 403 | 409 | 412 | 413 | 415 | 423; message: string };

export const PATCH_MESSAGES = {
  tusVersion: "Tus-Resumable: 1.0.0 is required.",
  contentType: "Content-Type must be application/offset+octet-stream.",
  offsetMissing: "Upload-Offset header required.",
  offsetConflict: "Upload-Offset conflict: the upload is at a different byte. Ask with HEAD and resume from there.",
  tooMuch: "More bytes were sent than the upload's declared size.",
  busy: "This upload is already receiving bytes. Try again in a moment.",
};

/**
 * Bytes held for the disk while the socket keeps reading. With the default 16 KiB the socket pauses
 * for every write, which halved loopback throughput; 1 MiB lets reading and writing overlap.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

class TooManyBytes extends Error {}

/**
 * tus PATCH for uploads on local disk, written straight from the request stream to the file at its
 * offset. @tus/server reads every body as a web stream and pipes it through transforms, which costs
 * about a third of loopback throughput; this path keeps the same protocol rules: the offset must be
 * the file's current size (409), bytes never pass the declared size (413), one PATCH at a time per
 * upload (423, which tus clients retry), and bytes that arrived before a dropped connection stay, so
 * a HEAD resumes from them.
 */
export function createFilePatcher(options: { filePath: (id: string) => string; store: FileStore }) {
  const writing = new Set<string>();

  return async function patch(input: { id: string; headers: Headers; body: Readable }): Promise<PatchOutcome> {
    const { id, headers, body } = input;
    if (headers.get("tus-resumable") !== "1.0.0") return { status: 412, message: PATCH_MESSAGES.tusVersion };
    if (headers.get("content-type") !== "application/offset+octet-stream") return { status: 415, message: PATCH_MESSAGES.contentType };
    const offsetHeader = headers.get("upload-offset");
    if (offsetHeader === null || !/^\d+$/.test(offsetHeader)) return { status: 403, message: PATCH_MESSAGES.offsetMissing };
    if (writing.has(id)) return { status: 423, message: PATCH_MESSAGES.busy };
    writing.add(id);
    try {
      const upload = await options.store.getUpload(id);
      const offset = Number(offsetHeader);
      if (upload.offset !== offset) return { status: 409, message: PATCH_MESSAGES.offsetConflict };
      const room = (upload.size ?? 0) - offset;
      const declared = headers.get("content-length");
      if (declared !== null && Number(declared) > room) return { status: 413, message: PATCH_MESSAGES.tooMuch };
      const file = options.filePath(id);
      try {
        await pipeline(body, limitTo(room), fs.createWriteStream(file, { flags: "r+", start: offset, highWaterMark: WRITE_BUFFER_BYTES }));
      } catch (error) {
        if (error instanceof TooManyBytes) return { status: 413, message: PATCH_MESSAGES.tooMuch };
        // A dropped connection: the bytes that arrived stay and the next HEAD reports them.
        if (!body.readableAborted) throw error;
      }
      return { status: 204, offset: (await stat(file)).size };
    } finally {
      writing.delete(id);
    }
  };
}

/** Passes bytes through until `room` is used up, then fails with TooManyBytes. */
function limitTo(room: number) {
  return async function* (source: AsyncIterable<Buffer>) {
    let received = 0;
    for await (const chunk of source) {
      received += chunk.length;
      if (received > room) throw new TooManyBytes();
      yield chunk;
    }
  };
}
