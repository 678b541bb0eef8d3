/**
 * The local video draft (spec 001 §3 'Local video draft'): IndexedDB database
 * 'VideoStore', store 'videos'. While recording, each MediaRecorder chunk is its own record, so a
 * crash loses at most the last second; the draft record holds the type, the form and the upload URL.
 */
import { recordingHasMedia } from "./recording-has-media";

const DB_NAME = "VideoStore";
const STORE = "videos";
const DRAFT_ID = "draft";
export const ACTIVE_UPLOAD_KEY = "active-upload-id";

export type VideoDraft = {
  id: typeof DRAFT_ID;
  mimeType: string;
  chunkCount: number;
  fileName: string | null;
  /** The form of step 2, once Dad pressed Save. */
  fields: Record<string, unknown> | null;
  uploadUrl: string | null;
  /** The upload at `uploadUrl` was made while recording (deferred length): it goes on from IndexedDB's bytes. */
  uploadIsLive?: boolean;
  updatedAt: number;
};

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => {
      db.close();
      resolve(request ? request.result : undefined);
    };
    transaction.onerror = () => reject(transaction.error);
  });
}

const chunkId = (index: number) => `${DRAFT_ID}:chunk:${String(index).padStart(6, "0")}`;

export const videoStore = {
  async start(input: { mimeType: string; fileName?: string | null }) {
    await this.clear();
    const draft: VideoDraft = { id: DRAFT_ID, mimeType: input.mimeType, chunkCount: 0, fileName: input.fileName ?? null, fields: null, uploadUrl: null, updatedAt: Date.now() };
    await run("readwrite", (store) => store.put(draft));
  },
  /**
   * Appends one chunk (a recording's slice, or a whole chosen file). The draft is read and both
   * records written in one transaction, so chunks that arrive while an earlier one is still being
   * written never take the same index.
   */
  async appendChunk(blob: Blob) {
    await run("readwrite", (store) => {
      const read = store.get(DRAFT_ID) as IDBRequest<VideoDraft | undefined>;
      read.onsuccess = () => {
        const draft = read.result;
        if (!draft) return;
        store.put({ id: chunkId(draft.chunkCount), blob });
        store.put({ ...draft, chunkCount: draft.chunkCount + 1, updatedAt: Date.now() });
      };
    });
  },
  /** Read and written in one transaction, like appendChunk: an update while chunks arrive never puts back an old chunk count. */
  async update(patch: Partial<Pick<VideoDraft, "fields" | "uploadUrl" | "uploadIsLive">>) {
    await run("readwrite", (store) => {
      const read = store.get(DRAFT_ID) as IDBRequest<VideoDraft | undefined>;
      read.onsuccess = () => {
        if (read.result) store.put({ ...read.result, ...patch, updatedAt: Date.now() });
      };
    });
  },
  draft: () => run<VideoDraft | undefined>("readonly", (store) => store.get(DRAFT_ID) as IDBRequest<VideoDraft | undefined>),
  /**
   * What is kept here and not saved yet: a video ('Retry Upload' offers it back), a camera recording cut before
   * any of its sound or picture was kept (nothing to offer: a reload in its first second), or nothing.
   */
  async unsaved(): Promise<"video" | "nothing-recorded" | "none"> {
    const draft = await this.draft();
    if (!draft) return "none";
    // A chosen file is the server's to judge; one whose bytes never reached the draft was not chosen.
    if (draft.fileName !== null) return draft.chunkCount > 0 ? "video" : "none";
    const recording = await this.blob();
    return recording && (await recordingHasMedia(recording)) ? "video" : "nothing-recorded";
  },
  /** The recording or file, put back together from its chunks. */
  async blob() {
    const draft = await this.draft();
    if (!draft || draft.chunkCount === 0) return null;
    const range = IDBKeyRange.bound(chunkId(0), chunkId(draft.chunkCount - 1));
    const rows = (await run("readonly", (store) => store.getAll(range))) as Array<{ blob: Blob }>;
    return new Blob(rows.map((row) => row.blob), { type: draft.mimeType });
  },
  async clear() {
    await run("readwrite", (store) => store.clear());
    localStorage.removeItem(ACTIVE_UPLOAD_KEY);
  },
};
