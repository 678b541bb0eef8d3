/**
 * Background Sync, where the browser has it (Chrome, Edge and Samsung Internet on Android): a memory
 * saved in the outbox asks for a one-off sync, and the service worker (src/web/sw.ts) sends the outbox
 * when the network returns, even with the app closed. Safari and Firefox have none: there the page
 * sends it on the next open or `online`, as everywhere.
 */
export const OUTBOX_SYNC_TAG = "heydad-outbox";

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake the service worker once the network is there (at once if it is). */
export async function requestOutboxSync() {
  if (!("serviceWorker" in navigator) || !navigator.serviceWorker.controller) return;
  const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
  await registration.sync?.register(OUTBOX_SYNC_TAG).catch(() => {});
}
