import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, type PrecacheEntry, PrecacheFallbackPlugin, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { getMe } from "./features/auth/api/get-me";
import { OUTBOX_SYNC_TAG } from "./lib/background-sync";
import { outbox, sendOutbox } from "./lib/outbox";

/**
 * The installed app's service worker (built to /sw.js by vite-plugin-pwa, see vite.config.ts).
 *
 * It keeps the app itself (HTML shell, scripts, styles, fonts, icons: the build's list, injected
 * below) on the device, so it opens with no network. A navigation goes to the server first (its pages
 * stay fresh and prerendered) and falls back to the kept shell offline; the server's own pages
 * (family pages, the mailbox, files) are never answered from the device. /api is never touched: there
 * is no route for it, so every answer comes from the network. A new worker takes over at once
 * (skipWaiting, clientsClaim) without reloading an open page: the next open runs the new version.
 *
 * Background Sync: the page asks for a sync when a memory joins the outbox; here the outbox is sent
 * by the page's own sender (lib/outbox.ts), for the dad signed in, even with the app closed.
 */
type SyncEvent = Event & { tag: string; waitUntil(work: Promise<unknown>): void };
type WorkerScope = {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  skipWaiting(): Promise<void>;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
};
declare const self: WorkerScope;

/** Paths the server answers itself, never from the device: the API, the development tools, family pages, files, probes. */
const serverOnly = /^\/(api|dev|family|files)(\/|$)|^\/(healthz|readyz|robots\.txt|sitemap\.xml)$/;

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(({ request, url }) => request.mode === "navigate" && !serverOnly.test(url.pathname), new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: "index.html" })] }));

/**
 * Sends the waiting memories of the dad signed in on this device (the session cookie says who; a
 * memory recorded by another account waits for him). Rejects while any is still waiting, so the
 * browser tries again later; a memory the server refused waits for Dad on the next open.
 */
async function sendForSignedInDad() {
  const me = await getMe();
  if (!me) return;
  await sendOutbox(me.user.id);
  if ((await outbox.list(me.user.id)).some((item) => item.refusal === null)) throw new Error("Memories still waiting: the browser tries again later.");
}

self.addEventListener("sync", (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(sendForSignedInDad());
});
