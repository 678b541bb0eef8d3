import fs from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import type { FileStore } from "@tus/file-store";
import type { Locker } from "@tus/server";

/** What a PATCH answered: 204 with the new offset, or a tus error status with a plain message. */
export type PatchOutcome = { status: 204; offset: number } | { status: 400 | 403 | 409 | 412 | 413 | 415 | 423; message: string };

export const PATCH_MESSAGES = {
  tusVersion: "Tus-Resumable: 1.0.0 is required.",
  contentType: "Content-Type must be application/offset+octet-stream.",
  offsetMissing: "Upload-Offset header required.",
  offsetConflict: "Upload-Offset conflict: the upload is at a different byte. Ask with HEAD and resume from there.",
  tooMuch: "More bytes were sent than the upload's declared size.",
  busy: "This upload is already receiving bytes. Try again in a moment.",
  lengthInvalid: "Upload-Length must be a whole number of bytes, at least the bytes already received, and only once.",
  /** A deferred-length upload (a recording still being made) went past the largest video allowed. */
  tooLarge: "File size must be less than 10GB",
};

/**
 * Bytes held for the disk while the socket keeps reading. With the default 16 KiB the socket pauses
 * for every write, which halved loopback throughput; 1 MiB lets reading and writing overlap.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** A PATCH asked to give up its lock stops after this long without a byte. */
const RELEASE_QUIET_MS = 1000;

/**
 * tus PATCH for uploads on local disk, written straight from the request stream to the file at its
 * offset. @tus/server reads every body as a web stream and pipes it through transforms, which costs
 * about a third of loopback throughput; this path keeps the same protocol rules: the offset must be
 * the file's current size (409), bytes never pass the declared size (413) or, while the size is
 * deferred (Upload-Defer-Length), `maxSizeBytes` (413), and bytes that arrived
 * before a dropped connection stay, so a HEAD resumes from them.
 *
 * It holds the upload's lock in @tus/server's locker (the one its HEAD and DELETE take) while it
 * writes: a HEAD or a new PATCH asks the holder to stop once its body goes quiet, then waits until
 * every byte received is on disk and the lock is released, so the offset it sees is final. A lock not released
 * in time is 423 (tus clients retry).
 */
export function createFilePatcher(options: { filePath: (id: string) => string; store: FileStore; locker: Locker; maxSizeBytes: number }) {
  return async function patch(input: { id: string; headers: Headers; body: Readable }): Promise<PatchOutcome> {
    const { id, headers, body } = input;
    if (headers.get("tus-resumable") !== "1.0.0") return { status: 412, message: PATCH_MESSAGES.tusVersion };
    if (headers.get("content-type") !== "application/offset+octet-stream") return { status: 415, message: PATCH_MESSAGES.contentType };
    const offsetHeader = headers.get("upload-offset");
    if (offsetHeader === null || !/^\d+$/.test(offsetHeader)) return { status: 403, message: PATCH_MESSAGES.offsetMissing };
    const lock = options.locker.newLock(id);
    const release = new AbortController();
    try {
      await lock.lock(new AbortController().signal, () => release.abort());
    } catch {
      return { status: 423, message: PATCH_MESSAGES.busy };
    }
    try {
      const upload = await options.store.getUpload(id);
      const offset = Number(offsetHeader);
      if (upload.offset !== offset) return { status: 409, message: PATCH_MESSAGES.offsetConflict };
      const length = headers.get("upload-length");
      if (length !== null) {
        // Upload-Defer-Length: the size is declared once, with a later PATCH (a recording's tail).
        if (upload.size !== undefined || !/^\d+$/.test(length) || Number(length) < offset) return { status: 400, message: PATCH_MESSAGES.lengthInvalid };
        if (Number(length) > options.maxSizeBytes) return { status: 413, message: PATCH_MESSAGES.tooLarge };
        await options.store.declareUploadLength(id, Number(length));
        upload.size = Number(length);
      }
      const deferred = upload.size === undefined;
      const room = (upload.size ?? options.maxSizeBytes) - offset;
      const tooMuch = { status: 413 as const, message: deferred ? PATCH_MESSAGES.tooLarge : PATCH_MESSAGES.tooMuch };
      const declared = headers.get("content-length");
      if (declared !== null && Number(declared) > room) return tooMuch;
      const file = options.filePath(id);
      const written = await writeAt({ body, file, offset, room, release: release.signal });
      if (written === "too-many") return tooMuch;
      return { status: 204, offset: (await stat(file)).size };
    } finally {
      await lock.unlock();
    }
  };
}

/**
 * Copies `body` into `file` from `offset`. Unlike stream.pipeline, which throws away the bytes
 * still queued for the disk when the request is aborted, every byte received is written before
 * this returns: on the body's end, on a dropped connection, past `room` (then 'too-many', the
 * excess chunk not written) and when `release` fires (another request wants the upload's lock) and
 * the body has gone quiet.
 */
function writeAt(input: { body: Readable; file: string; offset: number; room: number; release: AbortSignal }) {
  const { body, room, release } = input;
  return new Promise<"written" | "too-many">((resolve, reject) => {
    const out = fs.createWriteStream(input.file, { flags: "r+", start: input.offset, highWaterMark: WRITE_BUFFER_BYTES });
    let received = 0;
    let outcome: "written" | "too-many" = "written";
    let ended = false;
    let lastByteAt = Date.now();
    let waitingForDisk = false;
    const finish = () => {
      if (ended) return;
      ended = true;
      body.off("data", onData);
      body.pause();
      out.end();
    };
    const onData = (chunk: Buffer) => {
      lastByteAt = Date.now();
      received += chunk.length;
      if (received > room) {
        outcome = "too-many";
        finish();
        return;
      }
      if (!out.write(chunk)) {
        waitingForDisk = true;
        body.pause();
        out.once("drain", () => {
          waitingForDisk = false;
          lastByteAt = Date.now();
          if (!ended) body.resume();
        });
      }
    };
    body.on("data", onData);
    body.once("end", finish);
    // A dropped connection: what arrived is written, and the next HEAD reports it.
    body.once("close", finish);
    body.once("error", finish);
    // Asked for the lock: stop once no byte has arrived for a while (a half-open connection), after
    // the poll phase has read what the socket holds (setImmediate), never in the middle of a stream.
    const stopWhenQuiet = () => {
      if (ended) return;
      if (waitingForDisk || Date.now() - lastByteAt < RELEASE_QUIET_MS) setTimeout(stopWhenQuiet, RELEASE_QUIET_MS / 4);
      else setImmediate(() => (Date.now() - lastByteAt < RELEASE_QUIET_MS ? stopWhenQuiet() : finish()));
    };
    if (release.aborted) stopWhenQuiet();
    else release.addEventListener("abort", stopWhenQuiet, { once: true });
    out.once("close", () => resolve(outcome));
    out.once("error", (error) => {
      finish();
      body.destroy();
      reject(error);
    });
  });
}
