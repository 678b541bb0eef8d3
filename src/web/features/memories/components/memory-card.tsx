import { clsx } from "clsx";
import { Film, Lock, Mic, NotebookPen, Unlock } from "lucide-react";
import type { ReactNode } from "react";
import { formatDuration, type MemoryItem, type NarrationItem, type VideoMemoryItem } from "../../../../shared/memories";
import { childDatesLine, formatUnlockDate } from "../../../../shared/unlock-rules";

export function formatMemoryDate(iso: string) {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** A video that could not be processed never unlocks: its card shows the error instead. */
export const hasFailed = (item: MemoryItem) => item.kind === "video" && item.processing.status === "failed";

/** When the memory unlocks ('Available now', 'Age 13', …); nothing for a video that failed. */
export function UnlockBadge({ item }: { item: MemoryItem }) {
  if (hasFailed(item)) return null;
  const { unlock } = item;
  const Icon = unlock.unlocked ? Unlock : Lock;
  // Dates read the way this browser writes them; the server's label is en-US.
  const label = unlock.type === "date" && unlock.date ? formatUnlockDate(unlock.date, navigator.language) : unlock.label;
  return (
    <span className={clsx("inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold", unlock.unlocked ? "bg-success-soft text-success" : "bg-mist-soft text-ink")}>
      <Icon className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

/**
 * Each child's own date when they do not all open together ('Opens for Emma on 14 Mar 2033, for Noah on 2 Jun 2037'),
 * in this browser's way of writing dates; nothing when the badge says it all.
 */
export function ChildDates({ item, className }: { item: MemoryItem; className?: string }) {
  const line = hasFailed(item) ? null : childDatesLine({ type: item.unlock.type, forChildren: item.unlock.forChildren, locale: navigator.language });
  return line ? (
    <span className={clsx("block text-sm text-olive-dark", className)} data-testid="child-dates">
      {line}
    </span>
  ) : null;
}

/** A memory as one child has it (that child's page): open or not, and its date, for that child alone. */
export function seenBy(item: MemoryItem, childId: string | undefined): MemoryItem {
  const child = childId ? item.unlock.forChildren.find((candidate) => candidate.childId === childId) : undefined;
  return child ? { ...item, unlock: { ...item.unlock, unlocked: child.unlocked, unlocksAt: child.unlocksAt, forChildren: [child] } } : item;
}

/** A video opens unless its processing failed: while it is processed, Dad's player plays his original where it can. */
export const isPlayable = (item: MemoryItem) => item.kind !== "video" || item.processing.status !== "failed";

/** 'Getting your video ready… 80%' or the processing error, for a video that is not ready. */
export function ProcessingNote({ video }: { video: VideoMemoryItem }) {
  if (video.processing.status === "processing") return <p className="text-sm text-accent-dark">Getting your video ready… {video.processing.progress}%</p>;
  if (video.processing.status === "failed") return <p className="text-sm text-danger">{video.processing.error ?? "Processing failed"}</p>;
  return null;
}

/** The picture of a memory: its photo or video thumbnail, else the icon of its kind. */
export function MemoryPicture({ item, className, iconClassName }: { item: MemoryItem; className: string; iconClassName: string }) {
  const picture = item.kind === "video" ? item.thumbnailUrl : item.imageUrl;
  if (picture) return <img src={picture} alt="" loading="lazy" className={clsx("bg-mist-soft object-cover", className)} />;
  const Icon = item.kind === "video" ? Film : item.kind === "note" ? NotebookPen : Mic;
  return (
    <span className={clsx("flex items-center justify-center bg-paper-warm", className)}>
      <Icon className={clsx("text-olive", iconClassName)} aria-hidden="true" />
    </span>
  );
}

/** '42 words' for a written note. */
function wordCount(text: string) {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return `${words} ${words === 1 ? "word" : "words"}`;
}

/**
 * A quick note without a photo: its first lines and its length (words, or the voice note's
 * minutes), on the note-paper colour, instead of an empty box with an icon.
 */
function NotePreview({ item }: { item: NarrationItem }) {
  const text = item.notes.trim();
  return (
    <span className="flex aspect-[4/3] w-full flex-col gap-2 bg-paper-warm p-4" data-testid="note-preview">
      <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-olive-dark uppercase">
        <NotebookPen className="size-4 shrink-0" aria-hidden="true" />
        Quick Note
      </span>
      {text ? (
        <span className="line-clamp-4 text-sm leading-relaxed break-words whitespace-pre-line text-ink">{text}</span>
      ) : (
        <span className="text-sm text-olive-dark">{item.audioUrl ? "A voice note" : "No text"}</span>
      )}
      <span className="mt-auto text-xs font-medium text-olive-dark">
        {[text ? wordCount(text) : null, item.audioUrl ? `${formatDuration(item.durationSeconds)} voice note` : null].filter(Boolean).join(" · ")}
      </span>
    </span>
  );
}

function durationOf(item: MemoryItem): number | null {
  if (item.kind === "video") return item.durationSeconds;
  return item.audioUrl ? item.durationSeconds : null;
}

/** A card of any kind: picture (photo or video thumbnail with its length), title, date, unlock label. */
export function MemoryCard({ item, highlighted, onOpen }: { item: MemoryItem; highlighted: boolean; onOpen: () => void }) {
  const duration = durationOf(item);
  const playable = isPlayable(item);
  let picture: ReactNode =
    item.kind === "note" && !item.imageUrl ? <NotePreview item={item} /> : <MemoryPicture item={item} className="block aspect-[4/3] w-full" iconClassName="size-10" />;
  if (item.kind === "video") {
    picture = (
      <span className="relative block">
        {picture}
        {duration ? <span className="absolute right-2 bottom-2 rounded bg-ink/80 px-2 text-sm text-white">{formatDuration(duration)}</span> : null}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      disabled={!playable}
      data-memory-id={item.id}
      data-memory-kind={item.kind}
      className={clsx(
        "flex h-full w-full flex-col overflow-hidden rounded-xl border bg-white text-left transition-shadow enabled:hover:shadow-float focus-visible:outline-3 focus-visible:outline-accent-dark disabled:cursor-default",
        highlighted ? "border-accent ring-3 ring-accent/40" : "border-sand-soft",
      )}
    >
      {picture}
      <span className="flex flex-1 flex-col gap-2 p-4">
        <span className="line-clamp-2 font-semibold break-words text-ink">{item.title}</span>
        <span className="text-sm text-olive-dark">
          {item.kind === "video" ? "Video · " : ""}
          {formatMemoryDate(item.createdAt)}
          {item.kind !== "video" && duration !== null ? ` · ${formatDuration(duration)}` : ""}
          {highlighted ? " · Just saved" : ""}
        </span>
        {item.kind === "video" ? <ProcessingNote video={item} /> : null}
        <span className="mt-auto flex flex-col items-start gap-1.5">
          <UnlockBadge item={item} />
          <ChildDates item={item} />
        </span>
      </span>
    </button>
  );
}
