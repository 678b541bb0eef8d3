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
/** The app's tabs tell each other what they keep, so that none writes over a newer answer another one kept. */
const CHANNEL = "HeyDadLastKnown";

/** The snapshot as the app found it when it started, read once: restored when offline, and the base every save adds to. */
let keptAtStart: Promise<Snapshot | undefined> | undefined;
const readKeptAtStart = () => (keptAtStart ??= store.get(KEY).catch(() => undefined));

/**
 * `newer` added to `base`: per query the answer that arrived last wins (a page loaded later, or another tab, may hold
 * an older one). A snapshot of someone else's answers is never mixed in: `newer` then replaces it.
 */
function merge(base: Snapshot | null | undefined, newer: Snapshot): Snapshot {
  if (base?.ownerId !== newer.ownerId) return newer;
  const byQuery = new Map(base.state.queries.map((query) => [query.queryHash, query]));
  for (const query of newer.state.queries) {
    const known = byQuery.get(query.queryHash);
    if (!known || known.state.dataUpdatedAt <= query.state.dataUpdatedAt) byQuery.set(query.queryHash, query);
  }
  return { ...newer, state: { ...newer.state, queries: [...byQuery.values()] }, savedAt: Math.max(base.savedAt, newer.savedAt) };
}

/** Offline at start: the last snapshot goes into the query cache before the first render. */
export async function restoreLastKnownState(client: QueryClient) {
  if (navigator.onLine) return;
  // TanStack Query learns of the network from 'online'/'offline' events only: a page opened offline
  // would otherwise try every query, fail, and show its error instead of the kept answers.
  onlineManager.setOnline(false);
  const saved = await readKeptAtStart();
  if (saved) hydrate(client, saved.state);
}

/**
 * From now on, every successful answer is kept (see above); `ownerOf` names the signed-in user, or null. What the
 * device keeps is held in memory too (read once at start, then updated by this tab's saves and the other tabs'), so a
 * save writes at once with nothing to read first: a page being left has no time for a read before its write.
 */
export function keepLastKnownState(client: QueryClient, ownerOf: (client: QueryClient) => string | null) {
  let kept: Snapshot | null = null;
  const started = readKeptAtStart().then((saved) => {
    if (saved) kept = kept ? merge(saved, kept) : saved;
  });
  // Safari before 15.4 has no BroadcastChannel: there each tab keeps what it saw, as before.
  const otherTabs = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  if (otherTabs) {
    otherTabs.onmessage = ({ data }: MessageEvent<Snapshot | null>) => {
      kept = data && merge(kept, data);
    };
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = async () => {
    timer = null;
    await started;
    const ownerId = ownerOf(client);
    // A signed-out visitor keeps nothing.
    if (!ownerId) {
      kept = null;
      otherTabs?.postMessage(null);
      return store.delete(KEY);
    }
    // Each page load starts with an empty cache: what earlier pages showed (the dashboard's list, then the vault) is
    // kept beside it.
    const current: Snapshot = { ownerId, state: dehydrate(client), savedAt: Date.now() };
    kept = merge(kept, current);
    otherTabs?.postMessage(current);
    await store.put(KEY, kept);
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
