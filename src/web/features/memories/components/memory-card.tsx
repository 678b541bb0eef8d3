import { clsx } from "clsx";
import { Lock, Mic, NotebookPen, Unlock } from "lucide-react";
import { formatDuration, type MemoryItem } from "../../../../shared/memories";

export function formatMemoryDate(iso: string) {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

export function UnlockBadge({ unlock }: { unlock: MemoryItem["unlock"] }) {
  const Icon = unlock.unlocked ? Unlock : Lock;
  return (
    <span className={clsx("inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold", unlock.unlocked ? "bg-success-soft text-success" : "bg-mist-soft text-ink")}>
      <Icon className="size-3.5" aria-hidden="true" />
      {unlock.label}
    </span>
  );
}

/** A narration (photo) or quick note card: image, title, date, duration, unlock label. */
export function MemoryCard({ item, highlighted, onOpen }: { item: MemoryItem; highlighted: boolean; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      data-memory-id={item.id}
      className={clsx(
        "flex h-full w-full flex-col overflow-hidden rounded-xl border bg-white text-left transition-shadow hover:shadow-float focus-visible:outline-3 focus-visible:outline-accent-dark",
        highlighted ? "border-accent ring-3 ring-accent/40" : "border-sand-soft",
      )}
    >
      {item.imageUrl ? (
        <img src={item.imageUrl} alt="" loading="lazy" className="aspect-[4/3] w-full bg-mist-soft object-cover" />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center bg-paper-warm">
          {item.kind === "note" ? <NotebookPen className="size-10 text-olive" aria-hidden="true" /> : <Mic className="size-10 text-olive" aria-hidden="true" />}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="line-clamp-2 font-semibold text-ink">{item.title}</p>
        <p className="text-sm text-olive-dark">
          {formatMemoryDate(item.createdAt)}
          {item.audioUrl ? ` · ${formatDuration(item.durationSeconds)}` : ""}
          {highlighted ? " · Just saved" : ""}
        </p>
        <div className="mt-auto">
          <UnlockBadge unlock={item.unlock} />
        </div>
      </div>
    </button>
  );
}
