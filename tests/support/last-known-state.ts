import type { Page } from "playwright-core";

/** What the app keeps on the device of its last answers (IndexedDB `HeyDadLastKnown`, lib/last-known-state.ts), or null. */
export function lastKnownSnapshot(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ ownerId: string; savedAt: number; state: { queries: Array<{ queryHash: string; state: { data: unknown } }> } } | null>((resolve) => {
        const open = indexedDB.open("HeyDadLastKnown", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("items");
        open.onsuccess = () => {
          const get = open.result.transaction("items").objectStore("items").get("queries");
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result ?? null);
          };
        };
      }),
  );
}
