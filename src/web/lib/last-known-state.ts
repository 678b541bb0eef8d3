import { type DehydratedState, dehydrate, hydrate, onlineManager, type QueryClient } from "@tanstack/react-query";
import { deviceStore } from "./device-store";

/**
 * The app's last answers from the server (who is signed in, the dashboard's lists, the vault, the
 * children), kept on this device so the installed app opens with no network to what Dad last saw.
 * Only a snapshot of what the page already showed: the service worker never answers /api, and once
 * online every query is fetched afresh as usual. Kept only while someone is signed in: signing out
 * (the signed-in user becomes null) deletes it.
 */
type Snapshot = { ownerId: string; state: DehydratedState; savedAt: number };

const store = deviceStore<Snapshot>("HeyDadLastKnown");
const KEY = "queries";
/** Writes are gathered: a page that loads ten queries writes once (and a page being left writes at once). */
const SAVE_DELAY_MS = 250;

/** Offline at start: the last snapshot goes into the query cache before the first render. */
export async function restoreLastKnownState(client: QueryClient) {
  if (navigator.onLine) return;
  // TanStack Query learns of the network from 'online'/'offline' events only: a page opened offline
  // would otherwise try every query, fail, and show its error instead of the kept answers.
  onlineManager.setOnline(false);
  const saved = await store.get(KEY).catch(() => undefined);
  if (saved) hydrate(client, saved.state);
}

/** From now on, every successful answer is kept (see above); `ownerOf` names the signed-in user, or null. */
export function keepLastKnownState(client: QueryClient, ownerOf: (client: QueryClient) => string | null) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = async () => {
    timer = null;
    const ownerId = ownerOf(client);
    // A signed-out visitor keeps nothing; a snapshot of someone else's answers is never mixed in.
    if (!ownerId) return store.delete(KEY);
    // Each page load starts with an empty cache: what earlier pages showed (the dashboard's list, then
    // the vault) is kept beside it, the newer answer winning.
    const previous = await store.get(KEY);
    const current = dehydrate(client);
    const fresh = new Set(current.queries.map((query) => query.queryHash));
    const kept = previous?.ownerId === ownerId ? previous.state.queries.filter((query) => !fresh.has(query.queryHash)) : [];
    await store.put(KEY, { ownerId, state: { ...current, queries: [...kept, ...current.queries] }, savedAt: Date.now() });
  };
  const saveNow = () => {
    if (timer !== null) clearTimeout(timer);
    void save().catch(() => {});
  };
  window.addEventListener("pagehide", () => timer !== null && saveNow());
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    timer ??= setTimeout(saveNow, SAVE_DELAY_MS);
  });
}
