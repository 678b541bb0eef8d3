import { clsx } from "clsx";
import { ArrowDownUp, Layers, Mic, NotebookPen, Pencil, Trash2, Unlock, Video } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { type DashboardFilter, formatDuration, type MemoryItem, vaultIsFiltered, vaultItems, vaultMatchesInOtherTabs, type VaultStatus, type VaultView } from "../../../../shared/memories";
import { joinNames } from "../../../../shared/join-names";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useDeleteMemory } from "../api/delete-memory";
import { useChildCounts } from "../api/get-child-counts";
import { useAllMemories } from "../api/list-all-memories";
import { useUnlockMilestone } from "../api/unlock-milestone";
import { ListStates } from "./list-states";
import { ChildDates, formatMemoryDate, hasFailed, isPlayable, MemoryPicture, ProcessingNote, UnlockBadge } from "./memory-card";
import { EditMemoryDialog } from "./edit-memory-dialog";
import { OpenMemory, type RenderMemoryExtra, type RenderVideoPlayer } from "./memory-modal";
import { SEGMENTED_BAR, segmentedTabClass } from "../../../components/ui/segmented-tabs";
import { SpokenSearch } from "./spoken-search";

const SHOWN_STEP = 30;

const TABS: { value: DashboardFilter; label: string; icon: typeof Mic; empty: string; record: string; recordLabel: string }[] = [
  { value: "all", label: "All", icon: Layers, empty: "Nothing here yet.", record: "/record", recordLabel: "Record Now" },
  { value: "narration", label: "Narration", icon: Mic, empty: "No narrations yet.", record: "/record", recordLabel: "New Narration" },
  { value: "video", label: "Video", icon: Video, empty: "No videos yet.", record: "/record?video=true", recordLabel: "New Video" },
  { value: "note", label: "Quick Note", icon: NotebookPen, empty: "No quick notes yet.", record: "/record?note=true", recordLabel: "New Quick Note" },
];

/** ' and its recording and photo', ' and its recording', or nothing for a text-only quick note. */
function whatGoesWith(item: MemoryItem) {
  const files = item.kind === "video" ? ["video", "notes"] : [item.audioUrl ? "recording" : null, item.imageUrl ? "photo" : null].filter((file) => file !== null);
  return files.length > 0 ? ` and its ${files.join(" and ")}` : "";
}

/** The record buttons at the top: one per kind. */
const RECORD_BUTTONS = TABS.filter((t) => t.value !== "all");

const selectClass =
  "min-h-11 rounded-lg border border-sand bg-white px-3 text-base text-ink hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-accent-dark";

/**
 * The vault: 'All' and one tab per kind (the route keeps the tab in the address), search, child and
 * status filters, sort, 'Unlock now' and delete. Every memory is loaded with the cursor and filtered
 * here, so a search on one tab says what the other tabs hold; the rows render 30 at a time, more as
 * the end of the list scrolls into view. `openId` opens that memory once it has loaded (the bell links here).
 */
export function Vault({
  renderVideoPlayer,
  renderExtra,
  tab: currentTab,
  onTabChange,
  openId,
}: {
  renderVideoPlayer: RenderVideoPlayer;
  renderExtra?: RenderMemoryExtra;
  tab: DashboardFilter;
  onTabChange: (tab: DashboardFilter) => void;
  openId?: string | null;
}) {
  const [filters, setFilters] = useState<Omit<VaultView, "tab">>({ query: "", sort: "newest", childId: null, status: "all" });
  const view = useMemo<VaultView>(() => ({ ...filters, tab: currentTab }), [filters, currentTab]);
  const memories = useAllMemories();
  const childCounts = useChildCounts();
  const [shown, setShown] = useState(SHOWN_STEP);
  /** The memory open, and where its recording starts when a search hit opened it. */
  const [open, setOpen] = useState<{ item: MemoryItem; startAtSeconds?: number } | null>(null);
  const [confirming, setConfirming] = useState<MemoryItem | null>(null);
  const [editing, setEditing] = useState<MemoryItem | null>(null);
  /** The milestone memory Dad asked to unlock, until he confirms ('Unlock now' cannot be taken back). */
  const [unlocking, setUnlocking] = useState<MemoryItem | null>(null);
  const remove = useDeleteMemory();
  const unlock = useUnlockMilestone();

  const all = useMemo(() => memories.data?.pages.flatMap((page) => page.items) ?? [], [memories.data]);
  const items = useMemo(() => vaultItems(all, view), [all, view]);
  const elsewhere = useMemo(() => vaultMatchesInOtherTabs(all, view), [all, view]);
  // A link to one memory (from the bell): it opens once the list has loaded it, once per link.
  const openedFromLink = useRef<string | null>(null);
  useEffect(() => {
    if (!openId || openedFromLink.current === openId) return;
    const item = all.find((candidate) => candidate.id === openId);
    if (item && isPlayable(item)) {
      openedFromLink.current = openId;
      setOpen({ item });
    }
  }, [all, openId]);
  const change = (patch: Partial<Omit<VaultView, "tab">>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setShown(SHOWN_STEP);
  };
  const changeTab = (tab: DashboardFilter) => {
    onTabChange(tab);
    setShown(SHOWN_STEP);
  };
  const tab = TABS.find((t) => t.value === view.tab)!;
  const filtered = vaultIsFiltered(view);
  const hasMore = items.length > shown;
  const showMore = useCallback(() => setShown((current) => current + SHOWN_STEP), []);
  const sentinel = useRef<HTMLDivElement>(null);
  // Where keyboard focus goes when the button that had it disappears (its row deleted, 'Unlock now' done).
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  // Set once a delete or an unlock has succeeded; acted on once the list shows the change (the refetch
  // can land before or after the dialog closes): the memory's own button, else the list, else the search box.
  const [refocus, setRefocus] = useState<{ id: string; shown: (item: MemoryItem | undefined) => boolean } | null>(null);
  useEffect(() => {
    if (!refocus || !refocus.shown(items.find((item) => item.id === refocus.id))) return;
    setRefocus(null);
    const button = document.querySelector<HTMLElement>(`[data-vault-item="${refocus.id}"] button`);
    (button ?? listRef.current ?? searchRef.current)?.focus();
  }, [items, refocus]);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && showMore(), { rootMargin: "600px 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, showMore, shown]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-2">
        {RECORD_BUTTONS.map((t) => (
          <ButtonLink key={t.value} to={t.value === "note" ? "/record?voice=true" : t.record} variant={t.value === "narration" ? "accent" : "secondary"}>
            {t.recordLabel}
          </ButtonLink>
        ))}
      </div>

      <nav aria-label="Kinds of memory" className={SEGMENTED_BAR}>
        {TABS.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view.tab === value}
            onClick={() => changeTab(value)}
            className={segmentedTabClass(view.tab === value)}
          >
            {/* Four tabs at 360 px: the words keep their one line, the icons come in from 640 px. */}
            <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />
            {label}
          </button>
        ))}
      </nav>

      <SpokenSearch
        onOpen={(hit) => {
          const item = all.find((candidate) => candidate.id === hit.memoryId);
          if (item) setOpen({ item, startAtSeconds: hit.atMs / 1000 });
        }}
      />

      <section aria-labelledby="search-filter" className="flex flex-col gap-3">
        <h2 id="search-filter" className="text-lg font-semibold">
          Search & Filter
        </h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Search
            <input ref={searchRef} type="search" value={view.query} onChange={(event) => change({ query: event.target.value })} placeholder="Title or notes" className={selectClass} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Child
            <select className={selectClass} value={view.childId ?? ""} onChange={(event) => change({ childId: event.target.value || null })}>
              <option value="">All children</option>
              {childCounts.data?.map((child) => (
                <option key={child.childId} value={child.childId}>
                  {child.name}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Status
            <select className={selectClass} value={view.status} onChange={(event) => change({ status: event.target.value as VaultStatus })}>
              <option value="all">All</option>
              <option value="unlocked">Available</option>
              <option value="locked">Locked</option>
            </select>
          </label>
          <div className="flex flex-col justify-end">
            <Button variant="secondary" onClick={() => change({ sort: view.sort === "newest" ? "oldest" : "newest" })}>
              <ArrowDownUp className="size-4" aria-hidden="true" />
              {view.sort === "newest" ? "Newest first" : "Oldest first"}
            </Button>
          </div>
        </div>
      </section>

      {elsewhere.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" role="status" data-testid="vault-elsewhere">
          <span className="text-sm text-olive-dark">{items.length > 0 ? "Also:" : "Other tabs:"}</span>
          {elsewhere.map((match) => (
            <Button key={match.kind} variant="secondary" onClick={() => changeTab(match.kind)}>
              {match.text}
            </Button>
          ))}
        </div>
      ) : null}
      <ListStates
        query={memories}
        errorText="We couldn't load your vault."
        isEmpty={items.length === 0}
        empty={
          <>
            <p className="font-medium">{filtered ? "Nothing matches these filters." : tab.empty}</p>
            {filtered ? (
              <Button variant="secondary" onClick={() => change({ query: "", childId: null, status: "all" })}>
                Clear filters
              </Button>
            ) : (
              <ButtonLink to={tab.record} variant="accent">
                {tab.recordLabel}
              </ButtonLink>
            )}
          </>
        }
      />
      {items.length > 0 ? (
        <>
          <p className="text-sm text-olive-dark" aria-live="polite">
            {items.length} {items.length === 1 ? "memory" : "memories"}
            {memories.hasNextPage ? " so far…" : ""}
          </p>
          <ul ref={listRef} tabIndex={-1} aria-label={`${tab.label} memories`} className="flex flex-col divide-y divide-sand-soft rounded-xl border border-sand-soft bg-white focus:outline-none">
            {items.slice(0, shown).map((item) => (
              <li
                key={item.id}
                className="flex flex-col gap-3 p-4 [contain-intrinsic-size:auto_6rem] [content-visibility:auto] sm:flex-row sm:items-center"
                data-vault-item={item.id}
                data-memory-kind={item.kind}
              >
                <button
                  type="button"
                  onClick={() => setOpen({ item })}
                  disabled={!isPlayable(item)}
                  className="flex min-w-0 flex-1 items-center gap-4 rounded-lg text-left focus-visible:outline-3 focus-visible:outline-accent-dark disabled:cursor-default"
                >
                  <MemoryPicture item={item} className={clsx("shrink-0 rounded-lg", item.kind === "video" ? "h-16 w-24" : "size-16")} iconClassName="size-6" />
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="truncate font-semibold text-ink">{item.title}</span>
                    <span className="text-sm text-olive-dark">
                      {formatMemoryDate(item.createdAt)}
                      {item.kind === "video" && item.durationSeconds ? ` · ${formatDuration(item.durationSeconds)}` : ""}
                      {item.children.length > 0 ? ` · ${item.children.map((child) => child.name).join(", ")}` : ""}
                    </span>
                    {item.kind === "video" ? <ProcessingNote video={item} /> : null}
                    <span>
                      <UnlockBadge item={item} />
                      {item.unlock.type === "milestone" && item.unlock.milestone && !hasFailed(item) ? <span className="ml-2 text-sm text-olive-dark">{item.unlock.milestone}</span> : null}
                    </span>
                    <ChildDates item={item} />
                  </span>
                </button>
                <div className="flex gap-2">
                  {item.unlock.type === "milestone" && !item.unlock.unlocked && !hasFailed(item) ? (
                    <Button
                      variant="secondary"
                      busy={unlock.isPending && unlock.variables?.id === item.id}
                      onClick={() => setUnlocking(item)}
                    >
                      <Unlock className="size-4" aria-hidden="true" />
                      Unlock now
                    </Button>
                  ) : null}
                  <Button variant="ghost" aria-label={`Edit ${item.title}`} onClick={() => setEditing(item)}>
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="ghost" aria-label={`Delete ${item.title}`} onClick={() => setConfirming(item)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {hasMore ? (
            <div ref={sentinel} className="flex justify-center">
              <Button variant="secondary" onClick={showMore}>
                Show more ({items.length - shown} left)
              </Button>
            </div>
          ) : null}
        </>
      ) : null}

      <OpenMemory item={open?.item ?? null} startAtSeconds={open?.startAtSeconds} onClose={() => setOpen(null)} renderVideoPlayer={renderVideoPlayer} renderExtra={renderExtra} />
      <EditMemoryDialog item={editing} onClose={() => setEditing(null)} />
      <Dialog
        open={unlocking !== null}
        onOpenChange={(isOpen) => !isOpen && !unlock.isPending && setUnlocking(null)}
        title={unlocking ? `Unlock for ${forWhom(unlocking)} now?` : ""}
        description={unlocking ? `${forWhom(unlocking)} will be able to see "${unlocking.title}". This can't be locked again.` : undefined}
        hideClose={unlock.isPending}
        footer={
          <>
            <Button variant="secondary" disabled={unlock.isPending} onClick={() => setUnlocking(null)}>
              Not yet
            </Button>
            <Button
              busy={unlock.isPending}
              busyLabel="Unlocking…"
              onClick={() =>
                unlocking &&
                unlock.mutate(unlocking, {
                  onSuccess: () => {
                    setRefocus({ id: unlocking.id, shown: (item) => item?.unlock.type !== "milestone" || item.unlock.unlocked });
                    setUnlocking(null);
                    toast.success("Unlocked. It's ready for them.");
                  },
                  onError: (error) => {
                    setUnlocking(null);
                    toast.error(error.message);
                  },
                })
              }
            >
              Unlock now
            </Button>
          </>
        }
      />
      <Dialog
        open={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && !remove.isPending && setConfirming(null)}
        title="Delete this memory?"
        description={confirming ? `"${confirming.title}"${whatGoesWith(confirming)} will be gone for good. This can't be undone.` : undefined}
        hideClose={remove.isPending}
        footer={
          <>
            <Button variant="secondary" disabled={remove.isPending} onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel="Deleting…"
              onClick={() =>
                confirming &&
                remove.mutate(confirming, {
                  onSuccess: () => {
                    setRefocus({ id: confirming.id, shown: (item) => item === undefined });
                    setConfirming(null);
                    toast.success("Memory deleted.");
                  },
                  onError: () => {
                    setConfirming(null);
                    toast.error("We couldn't delete it. Please try again.");
                  },
                })
              }
            >
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}

/** Who a memory is for, as a sentence says it: "Maya", "Maya and Leo", "Maya, Leo and Sam". */
const forWhom = (item: MemoryItem) => joinNames(item.children.map((child) => child.name)) || "your child";
