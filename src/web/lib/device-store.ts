/**
 * A small key-value store in IndexedDB on this device: one database per purpose, one object store
 * in it, each call its own transaction (resolved once the transaction has committed, so a value
 * written is on disk before the caller goes on). The transaction is committed as soon as its one
 * request is made: left to commit by itself once the page's task ends, a write made as the page is
 * being left was dropped by Chromium with the page.
 */
export type DeviceStore<T> = {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every value, in key order. */
  values(): Promise<T[]>;
  /** Every key, in order. */
  keys(): Promise<string[]>;
};

export function deviceStore<T>(databaseName: string, storeName = "items"): DeviceStore<T> {
  let opening: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(databaseName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      request.onsuccess = () => {
        const db = request.result;
        // Another tab upgrading, or the browser clearing site data: open again next time.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => {
        opening = null;
        reject(request.error);
      };
    }));

  async function run<R>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<R> | void): Promise<R | undefined> {
    const db = await open();
    return new Promise((resolve, reject) => {
      const transaction = db.transaction(storeName, mode);
      const request = work(transaction.objectStore(storeName));
      // Browsers before 2021 (Safari 14) have no commit(): their transaction commits by itself as before.
      if ("commit" in transaction) transaction.commit();
      transaction.oncomplete = () => resolve(request ? request.result : undefined);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }

  return {
    get: (key) => run<T>("readonly", (store) => store.get(key) as IDBRequest<T>),
    put: async (key, value) => {
      await run("readwrite", (store) => store.put(value, key));
    },
    delete: async (key) => {
      await run("readwrite", (store) => store.delete(key));
    },
    values: async () => (await run<T[]>("readonly", (store) => store.getAll() as IDBRequest<T[]>)) ?? [],
    keys: async () => ((await run<IDBValidKey[]>("readonly", (store) => store.getAllKeys())) ?? []).map(String),
  };
}
