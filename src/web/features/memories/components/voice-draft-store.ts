/**
 * No recording lost: while Dad records, every MediaRecorder chunk is appended to
 * IndexedDB, so a closed tab or a failed save leaves a draft the next visit to /record can restore.
 * What Dad typed, the photo he chose and which tab he was on are kept with it. One draft at a time,
 * under the key "current".
 */
import type { MemoryFieldValues } from "../../../components/memory/memory-fields";

/** What Dad typed, kept with the recording: the fields every memory has, as the form holds them. */
export type DraftFields = MemoryFieldValues;

export type VoiceDraft = {
  kind: "narration" | "note";
  mimeType: string;
  chunks: Blob[];
  durationSeconds: number;
  fields: DraftFields | null;
  /** The narration's photo, if one was chosen (IndexedDB keeps the File itself). */
  image: File | null;
  updatedAt: number;
};

const DB_NAME = "HeyDadDrafts";
const STORE = "voice";
const KEY = "current";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest | void): Promise<T | undefined> {
  const db = await openDb();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = run(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request ? (request.result as T) : undefined);
      transaction.onerror = () => reject(transaction.error);
    });
  } finally {
    db.close();
  }
}

/** One read-modify-write transaction, so chunks and typed fields written at once never overwrite each other. */
function update(change: (current: VoiceDraft | undefined) => VoiceDraft) {
  return withStore<void>("readwrite", (store) => {
    const get = store.get(KEY);
    get.onsuccess = () => store.put({ ...change(get.result as VoiceDraft | undefined), updatedAt: Date.now() }, KEY);
  });
}

const emptyDraft = (kind: VoiceDraft["kind"]): VoiceDraft => ({ kind, mimeType: "", chunks: [], durationSeconds: 0, fields: null, image: null, updatedAt: 0 });

export const voiceDraftStore = {
  read: () => withStore<VoiceDraft>("readonly", (store) => store.get(KEY)),
  append: (input: { kind: VoiceDraft["kind"]; mimeType: string; chunk: Blob; durationSeconds: number }) =>
    update((current) => {
      const draft = current ?? emptyDraft(input.kind);
      return { ...draft, mimeType: draft.mimeType || input.mimeType, chunks: [...draft.chunks, input.chunk], durationSeconds: input.durationSeconds };
    }),
  /** What Dad typed (title, notes, children, unlock rule) and his photo, kept beside the recording's chunks. */
  saveFields: (kind: VoiceDraft["kind"], fields: DraftFields, image: File | null) => update((current) => ({ ...(current ?? emptyDraft(kind)), kind, fields, image })),
  clear: () => withStore<void>("readwrite", (store) => store.delete(KEY)),
};
