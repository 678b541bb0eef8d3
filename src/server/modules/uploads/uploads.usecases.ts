import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { Server } from "@tus/server";
import { MAX_VIDEO_BYTES } from "../../../shared/videos";
import type { UploadsDatastore } from "./uploads.datastore";
import { PATCH_MESSAGES } from "./uploads.file-patch";
import type { UploadsRepository } from "./uploads.repository";

export const UPLOADS_PATH = "/api/uploads";
/** An upload with no bytes arriving for this long expires (its file and row are removed). */
export const UPLOAD_IDLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Progress is recorded at most once a minute: enough for a 24 h expiry, without a write per 6 MiB chunk. */
const ACTIVITY_RESOLUTION_MS = 60 * 1000;

/** Recordings uploading while they are made (deferred length, not counted) one user may have open at once. */
export const MAX_OPEN_RECORDING_UPLOADS = 3;

export const UPLOAD_MESSAGES = {
  tooLarge: PATCH_MESSAGES.tooLarge,
  overQuota: (quotaBytes: number) =>
    `This video would take you past your ${formatGigabytes(quotaBytes)} of storage. Delete an older video or contact support for more room.`,
  lengthRequired: "Upload-Length or Upload-Defer-Length: 1 is required.",
  tooManyRecordings: "Too many recordings are uploading at once. Save or retake one, or wait a day for the old ones to expire.",
  notFound: "Upload not found.",
  expired: "This upload expired after 24 hours without progress. Please start it again.",
};

const webBody = (request: Request) => (request.body ? Readable.fromWeb(request.body as NodeWebStream) : Readable.from([]));

function formatGigabytes(bytes: number) {
  const gigabytes = bytes / 1024 ** 3;
  return gigabytes >= 1 ? `${Number(gigabytes.toFixed(1))} GB` : `${Math.max(1, Math.round(bytes / 1024 ** 2))} MB`;
}

const TUS_HEADERS = { "Tus-Resumable": "1.0.0", "Content-Type": "text/plain; charset=utf-8" };
const tusError = (status_code: number, body: string) => Object.assign(new Error(body), { status_code, body });

/**
 * Resumable uploads (tus 1.0) into the datastore (local disk or S3, see uploads.datastore.ts).
 * Every request is made by a signed-in user: a new upload is refused with 413 over 10 GB or over
 * the account's quota before any byte is written, and every other request must name an upload of
 * that user (404 otherwise). A camera recording uploads while it is made, its size deferred
 * (`Upload-Defer-Length: 1`, declared with the last PATCH): it is refused with 413 once its bytes
 * pass `maxSizeBytes`, and counted against the quota only when it is saved as a video.
 */
export function createUploadsUsecases(options: { datastore: UploadsDatastore; quotaBytes: number; uploads: UploadsRepository; now?: () => Date; maxSizeBytes?: number }) {
  const now = options.now ?? (() => new Date());
  const ownerOfRequest = new WeakMap<Request, string>();
  const store = options.datastore.store;
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker: options.datastore.locker,
    relativeLocation: true,
    maxSize: options.maxSizeBytes ?? MAX_VIDEO_BYTES,
    async onUploadCreate(request, upload) {
      const userId = ownerOfRequest.get(request as unknown as Request);
      if (!userId) throw tusError(401, "Please sign in to continue.");
      if (upload.size === undefined) {
        const deferred = await options.uploads.reserveDeferred({ id: upload.id, userId, maxOpen: MAX_OPEN_RECORDING_UPLOADS });
        if (!deferred.reserved) throw tusError(429, UPLOAD_MESSAGES.tooManyRecordings);
        return { metadata: { ...upload.metadata, userId } };
      }
      const reservation = await options.uploads.reserve({ id: upload.id, userId, sizeBytes: upload.size, quotaBytes: options.quotaBytes });
      if (!reservation.reserved) throw tusError(413, UPLOAD_MESSAGES.overQuota(options.quotaBytes));
      return { metadata: { ...upload.metadata, userId } };
    },
    onResponseError(_request, error) {
      if ("status_code" in error && error.status_code === 413 && error.body.startsWith("Maximum size")) return { status_code: 413, body: UPLOAD_MESSAGES.tooLarge };
      return undefined;
    },
  });

  const plain = (status: number, body: string) => new Response(body, { status, headers: TUS_HEADERS });

  async function recordActivity(upload: { id: string; lastActivityAt: Date }) {
    if (now().getTime() - upload.lastActivityAt.getTime() >= ACTIVITY_RESOLUTION_MS) await options.uploads.touch(upload.id);
  }

  async function patch(patchFile: NonNullable<UploadsDatastore["patch"]>, upload: { id: string; lastActivityAt: Date }, request: Request, body?: Readable) {
    const outcome = await patchFile({ id: upload.id, headers: request.headers, body: body ?? webBody(request) });
    if (outcome.status !== 204) return plain(outcome.status, outcome.message);
    await recordActivity(upload);
    return new Response(null, { status: 204, headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": String(outcome.offset) } });
  }

  async function remove(id: string) {
    await options.datastore.remove(id);
    await options.uploads.delete(id);
  }

  return {
    /** The storage quota of every account (the videos module counts it when a video is saved). */
    quotaBytes: options.quotaBytes,
    /**
     * Answers one tus request (POST to create, HEAD to resume, PATCH bytes, DELETE to terminate).
     * `body` is the Node request stream when there is one: PATCH then writes it without web streams.
     */
    async handle(input: { request: Request; userId: string; uploadId?: string; body?: Readable }): Promise<Response> {
      const { request, userId, uploadId } = input;
      if (request.method === "POST") {
        ownerOfRequest.set(request, userId);
        return tus.handleWeb(request);
      }
      if (!uploadId || !["HEAD", "PATCH", "DELETE", "OPTIONS"].includes(request.method)) return plain(405, "Method not allowed.");
      const owned = await options.uploads.findOwned({ id: uploadId, userId });
      if (!owned) return plain(404, UPLOAD_MESSAGES.notFound);
      if (now().getTime() - owned.lastActivityAt.getTime() > UPLOAD_IDLE_EXPIRY_MS) {
        await remove(uploadId);
        return plain(410, UPLOAD_MESSAGES.expired);
      }
      if (request.method === "PATCH" && options.datastore.patch) return patch(options.datastore.patch, owned, request, input.body);
      const response = await tus.handleWeb(request);
      if (request.method === "PATCH" && response.status === 204) await recordActivity(owned);
      if (request.method === "DELETE" && response.status === 204) await options.uploads.delete(uploadId);
      return response;
    },
    /** The finished upload of a user, or null when it is unknown, not theirs or not complete. */
    async findCompleted(input: { id: string; userId: string }) {
      const owned = await options.uploads.findOwned(input);
      if (!owned) return null;
      const upload = await store.getUpload(input.id).catch(() => null);
      if (!upload || upload.size === undefined || upload.offset !== upload.size) return null;
      return { id: upload.id, sizeBytes: upload.size };
    },
    /** The finished upload as a local file for the processing job, or null when it is gone: always release() it. */
    localCopy: options.datastore.localCopy,
    /** The finished upload to read by byte range (Dad playing his original while it is processed), or null when it is gone. */
    open: options.datastore.open,
    /** Removes an upload's file and metadata (after processing, or when it is cancelled). */
    deleteFiles: options.datastore.remove,
    /** Removes every upload with no progress for 24 h; returns how many. */
    async expireIdle() {
      const idle = await options.uploads.listIdleSince(new Date(now().getTime() - UPLOAD_IDLE_EXPIRY_MS));
      for (const { id } of idle) await remove(id);
      return idle.length;
    },
  };
}

export type UploadsUsecases = ReturnType<typeof createUploadsUsecases>;
