import type { NarrationFieldsInput } from "../../shared/memories";
import { type CreateVideoInput, VIDEO_COPY } from "../../shared/videos";
import { ApiError, isApiError } from "./api-client";
import { requestOutboxSync } from "./background-sync";
import { deviceStore } from "./device-store";
import { resumeLiveUpload } from "./live-upload";
import { postNarration } from "./narration-request";
import { terminateTusUpload, uploadWithTus } from "./tus-upload";
import { postVideo } from "./video-request";

/**
 * Memories saved with no network wait here, on the device (IndexedDB), until they can be sent: on
 * the next open and on the browser's `online` event (the sender below), oldest first, one at a time,
 * and, where the browser has Background Sync, by the service worker with the same sender when the
 * network returns, even with the app closed (the lock below keeps the page and the worker from
 * sending at the same time).
 * Each is sent exactly once whatever happens in between (a reload, a dropped connection, two tabs):
 * a narration or quick note carries its Idempotency-Key; a video uploads with tus (resuming the upload
 * begun while it was recorded, or one under a name made from its key, after a reload too), and once
 * its upload is complete the upload's id is kept here before the video is created from it (the same
 * upload twice gives the same video).
 * A memory the server refuses (a child deleted meanwhile, a plan that ended) is never dropped: it
 * waits with the server's message until Dad says what to do.
 */
export type OutboxItem = {
  /** The order key: the time it was saved, then its idempotency key. */
  key: string;
  idempotencyKey: string;
  /** The signed-in user who recorded it: it is sent only for him. */
  ownerId: string;
  title: string;
  createdAt: number;
  /** Why the server refused it, until Dad decides; null while it is simply waiting. */
  refusal: { code: string; message: string } | null;
} & (NarrationItem | VideoItem);

type NarrationItem = { kind: "narration"; fields: NarrationFieldsInput; audio: Blob | null; image: File | null };
type VideoItem = {
  kind: "video";
  fields: Omit<CreateVideoInput, "uploadId">;
  /** The recording (or chosen file) as the device store holds it. */
  video: Blob;
  /** The tus upload begun for it; `uploadIsLive` when it was made while recording (deferred length). */
  uploadUrl: string | null;
  uploadIsLive: boolean;
  /** Set once the server holds every byte: only the video's creation is left. */
  uploadId: string | null;
};

export type NewOutboxItem = { ownerId: string; idempotencyKey: string } & (NarrationItem | Omit<VideoItem, "uploadId">);

/** What the sender is doing now, for the page to show: `percent` is the share of this round already sent. */
export type OutboxProgress = { key: string; percent: number; position: number; count: number } | null;

const store = deviceStore<OutboxItem>("HeyDadOutbox");
const listeners = new Set<() => void>();
let progress: OutboxProgress = null;
const changed = () => listeners.forEach((listener) => listener());

/** The persistent-storage grant, asked once: without it a browser short of space may clear IndexedDB. */
export function askToKeepStorage() {
  void navigator.storage?.persist?.().catch(() => false);
}

/** The tus upload's name for a video of the outbox: tus-js-client finds its unfinished upload by it after a reload. */
const uploadNameOf = (item: OutboxItem) => `${item.ownerId}/${item.idempotencyKey}.mp4`;

export const outbox = {
  async add(input: NewOutboxItem) {
    const createdAt = Date.now();
    const key = `${String(createdAt).padStart(15, "0")}:${input.idempotencyKey}`;
    const title = input.fields.title ?? "";
    const item: OutboxItem = input.kind === "video" ? { ...input, key, title, createdAt, refusal: null, uploadId: null } : { ...input, key, title, createdAt, refusal: null };
    await store.put(key, item);
    askToKeepStorage();
    void requestOutboxSync();
    changed();
  },
  /** This user's memories waiting, oldest first. */
  async list(ownerId: string) {
    return (await store.values()).filter((item) => item.ownerId === ownerId);
  },
  /** Dad deletes it: gone from the device, and a video's unfinished upload ended on the server when it can be. */
  async remove(key: string) {
    const item = await store.get(key);
    await store.delete(key);
    changed();
    if (item?.kind === "video") await terminateTusUpload({ url: item.uploadUrl, objectName: uploadNameOf(item) });
  },
  /** Dad's answer to a refusal: the memory goes again with these children. */
  async resendFor(key: string, childIds: string[]) {
    const item = await store.get(key);
    if (!item) return;
    await store.put(key, { ...item, refusal: null, fields: { ...item.fields, childIds } } as OutboxItem);
    changed();
  },
  progress: () => progress,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** A refusal Dad must answer (4xx other than a lost session); anything else (offline, 5xx) is tried again later. */
function refusalOf(error: unknown) {
  if (!isApiError(error) || error.status === 0 || error.status === 401 || error.status >= 500) return null;
  return { code: error.code, message: error.message };
}

/** Writes what changed on a waiting memory (a refusal, a video's upload), if it is still there. */
async function keep(key: string, patch: Partial<Pick<OutboxItem, "refusal">> | Partial<VideoItem>) {
  const current = await store.get(key);
  if (current) await store.put(key, { ...current, ...patch } as OutboxItem);
}

/**
 * The video's bytes to the server, resumed where they stopped: the upload begun while recording goes
 * on from the server's offset; one the server no longer has (expired, refused) is begun again.
 */
async function uploadVideo(item: OutboxItem & VideoItem, onPercent: (percent: number) => void) {
  const pageOnly = typeof XMLHttpRequest === "undefined";
  if (item.uploadUrl && item.uploadIsLive) {
    const uploadId = await resumeLiveUpload({ url: item.uploadUrl, recording: item.video })
      .done(onPercent)
      .catch(() => null);
    if (uploadId) return uploadId;
    if (!navigator.onLine) throw new ApiError({ code: "NETWORK_ERROR", status: 0, message: VIDEO_COPY.checkConnection });
    await keep(item.key, { uploadUrl: null, uploadIsLive: false });
  }
  // tus-js-client needs XMLHttpRequest, which a service worker has not: this video, and the memories after it, wait for the page.
  if (pageOnly) throw new ApiError({ code: "NEEDS_THE_PAGE", status: 0, message: VIDEO_COPY.checkConnection });
  return uploadWithTus({ blob: item.video, objectName: uploadNameOf(item), onProgress: onPercent, onUrl: (url) => void keep(item.key, { uploadUrl: url, uploadIsLive: false }) });
}

async function sendOne(item: OutboxItem, onPercent: (percent: number) => void) {
  if (item.kind === "narration") {
    await postNarration({ fields: item.fields, audio: item.audio, image: item.image, idempotencyKey: item.idempotencyKey });
    return;
  }
  let uploadId = item.uploadId;
  if (!uploadId) {
    uploadId = await uploadVideo(item, onPercent);
    await keep(item.key, { uploadId });
  }
  await postVideo({ ...item.fields, uploadId });
}

let running: Promise<number> | null = null;

/**
 * Sends this user's waiting memories in order; resolves with how many were sent. One round at a
 * time in this tab, and one tab at a time where the browser has Web Locks. Stops at the first
 * network failure (the rest wait for the next `online`); a refused memory waits for Dad and the
 * ones after it go on.
 */
export function sendOutbox(ownerId: string) {
  if (!navigator.onLine) return Promise.resolve(0);
  const round = async () => {
    const waiting = (await outbox.list(ownerId)).filter((item) => item.refusal === null);
    let sent = 0;
    for (const [position, item] of waiting.entries()) {
      const report = (itemPercent: number) => {
        progress = { key: item.key, percent: Math.round(((position + itemPercent / 100) / waiting.length) * 100), position, count: waiting.length };
        changed();
      };
      report(0);
      try {
        await sendOne(item, report);
        await store.delete(item.key);
        sent += 1;
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) break;
        await keep(item.key, { refusal });
      }
    }
    progress = null;
    changed();
    return sent;
  };
  const locked = (): Promise<number> => (navigator.locks ? navigator.locks.request(`heydad-outbox:${ownerId}`, round).then((sent) => sent) : round());
  const started = running ?? locked().finally(() => {
    running = null;
  });
  running = started;
  return started;
}
