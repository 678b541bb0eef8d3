import { clsx } from "clsx";
import { useCallback, useRef, useState } from "react";
import { DASHBOARD_FILTERS, type DashboardFilter, type MemoryItem } from "../../../../shared/memories";
import { Button, ButtonLink } from "../../../components/ui/button";
import { TextLink } from "../../../components/ui/text-link";
import { useMemories } from "../api/list-memories";
import { MemoryCard, seenBy } from "./memory-card";
import { ListStates } from "./list-states";
import { OpenMemory, type RenderVideoPlayer } from "./memory-modal";

const PAGE_SIZE = 24;

/**
 * Every kind of memory newest first, one page at a time, with the kind chips and 'Go to Vault'.
 * `newId` is highlighted; `childId` narrows it to one child's memories (their page).
 */
export function MemoryFeed({ newId, childId, renderVideoPlayer }: { newId: string | null; childId?: string; renderVideoPlayer: RenderVideoPlayer }) {
  const [filter, setFilter] = useState<DashboardFilter>("all");
  const [open, setOpen] = useState<MemoryItem | null>(null);
  const memories = useMemories({ kind: filter, pageSize: PAGE_SIZE, childId });
  const items = memories.data?.pages.flatMap((page) => page.items) ?? [];
  // The memory just saved is brought into view and focused once, so Dad (and his screen reader) lands on it.
  const newCardRevealed = useRef(false);
  const revealNewCard = useCallback((element: HTMLLIElement | null) => {
    const card = element?.querySelector("button");
    if (!card || newCardRevealed.current) return;
    newCardRevealed.current = true;
    card.focus({ preventScroll: true });
    card.scrollIntoView({ block: "center" });
  }, []);

  return (
    <section aria-labelledby="your-memories" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="your-memories" className="text-lg font-semibold">
          Your memories
        </h2>
        <TextLink to="/vault" className="inline-flex min-h-11 min-w-11 items-center">
          Go to Vault
        </TextLink>
      </div>
      <div role="group" aria-label="Show" className="mt-3 flex flex-wrap gap-2">
        {DASHBOARD_FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
            className={clsx(
              "min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors",
              filter === option.value ? "border-ink bg-mist text-ink" : "border-sand bg-white text-olive-dark hover:text-ink",
            )}
          >
            {option.label}
          </button>
        ))}
      </div>

      <div className="mt-6">
        <ListStates
          query={memories}
          errorText="We couldn't load your memories."
          isEmpty={items.length === 0}
          empty={
            <>
              <p className="text-base font-medium text-ink">Nothing here yet.</p>
              <ButtonLink to={filter === "note" ? "/record?note=true" : filter === "video" ? "/record?video=true" : "/record"} variant="accent">
                Record Now
              </ButtonLink>
            </>
          }
        />
      </div>
      {items.length > 0 ? (
        <ul className="mt-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => (
            <li key={item.id} ref={item.id === newId ? revealNewCard : undefined}>
              <MemoryCard item={seenBy(item, childId)} highlighted={item.id === newId} onOpen={() => setOpen(item)} />
            </li>
          ))}
        </ul>
      ) : null}
      {memories.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" busy={memories.isFetchingNextPage} onClick={() => void memories.fetchNextPage()}>
            Show more
          </Button>
        </div>
      ) : null}
      <OpenMemory item={open} onClose={() => setOpen(null)} renderVideoPlayer={renderVideoPlayer} />
    </section>
  );
}
