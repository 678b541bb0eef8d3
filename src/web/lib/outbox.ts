import type { NarrationFieldsInput } from "../../shared/memories";
import { isApiError } from "./api-client";
import { deviceStore } from "./device-store";
import { postNarration } from "./narration-request";

/**
 * Memories saved with no network wait here, on the device (IndexedDB), until they can be sent: on
 * the next open and on the browser's `online` event (the sender below), oldest first, one at a time.
 * Each is sent exactly once whatever happens in between (a reload, a dropped connection, two tabs):
 * a narration or quick note carries its Idempotency-Key. (A video saved offline stays as its
 * recording draft and goes with 'Retry Upload'.)
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
  kind: "narration";
  fields: NarrationFieldsInput;
  audio: Blob | null;
  image: File | null;
};

export type NewOutboxItem = { kind: "narration"; ownerId: string; idempotencyKey: string; fields: NarrationFieldsInput; audio: Blob | null; image: File | null };

/** What the sender is doing now, for the page to show. */
/** `percent` is the share of this round already sent. */
export type OutboxProgress = { key: string; percent: number; position: number; count: number } | null;

const store = deviceStore<OutboxItem>("HeyDadOutbox");
const listeners = new Set<() => void>();
let progress: OutboxProgress = null;
const changed = () => listeners.forEach((listener) => listener());

/** The persistent-storage grant, asked once: without it a browser short of space may clear IndexedDB. */
export function askToKeepStorage() {
  void navigator.storage?.persist?.().catch(() => false);
}

export const outbox = {
  async add(input: NewOutboxItem) {
    const createdAt = Date.now();
    const key = `${String(createdAt).padStart(15, "0")}:${input.idempotencyKey}`;
    const title = input.fields.title ?? "";
    const item: OutboxItem = { ...input, key, title, createdAt, refusal: null };
    await store.put(key, item);
    askToKeepStorage();
    changed();
  },
  /** This user's memories waiting, oldest first. */
  async list(ownerId: string) {
    return (await store.values()).filter((item) => item.ownerId === ownerId);
  },
  async remove(key: string) {
    await store.delete(key);
    changed();
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

function sendOne(item: OutboxItem) {
  return postNarration({ fields: item.fields, audio: item.audio, image: item.image, idempotencyKey: item.idempotencyKey });
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
      progress = { key: item.key, percent: Math.round((position / waiting.length) * 100), position, count: waiting.length };
      changed();
      try {
        await sendOne(item);
        await store.delete(item.key);
        sent += 1;
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) break;
        const current = await store.get(item.key);
        if (current) await store.put(item.key, { ...current, refusal });
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
