import { clsx } from "clsx";
import { useState } from "react";
import { DASHBOARD_FILTERS, type DashboardFilter, type MemoryItem } from "../../../../shared/memories";
import { Button, ButtonLink } from "../../../components/ui/button";
import { TextLink } from "../../../components/ui/text-link";
import { useMemories } from "../api/list-memories";
import { MemoryCard } from "./memory-card";
import { MemoryModal } from "./memory-modal";

const PAGE_SIZE = 24;

/** Filter chips, 'Go to Vault', and the grid of memories (one page at a time). `newId` is highlighted. */
/** Newest first with the kind chips; `childId` narrows it to one child's memories (their page). */
export function MemoryFeed({ newId, childId }: { newId: string | null; childId?: string }) {
  const [filter, setFilter] = useState<DashboardFilter>("all");
  const [open, setOpen] = useState<MemoryItem | null>(null);
  const memories = useMemories({ kind: filter, pageSize: PAGE_SIZE, childId });
  const items = memories.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="your-memories" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="your-memories" className="text-lg font-semibold">
          Your memories
        </h2>
        <TextLink to="/vault">Go to Vault</TextLink>
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

      {memories.isPending ? <p className="mt-6 text-olive-dark">Loading…</p> : null}
      {memories.isError ? (
        <div role="alert" className="mt-6 flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft p-4 text-danger-dark">
          <p>We couldn't load your memories.</p>
          <Button variant="secondary" onClick={() => void memories.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {memories.isSuccess && items.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-10 text-center">
          <p className="text-base font-medium text-ink">Nothing here yet.</p>
          <ButtonLink to={filter === "note" ? "/record?note=true" : filter === "video" ? "/record?video=true" : "/record"} variant="accent">
            Record Now
          </ButtonLink>
        </div>
      ) : null}
      {items.length > 0 ? (
        <ul className="mt-6 grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {items.map((item) => (
            <li key={item.id}>
              <MemoryCard item={item} highlighted={item.id === newId} onOpen={() => setOpen(item)} />
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
      <MemoryModal item={open} onClose={() => setOpen(null)} />
    </section>
  );
}
