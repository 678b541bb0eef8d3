import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { MemoryItem, NarrationItem, VideoMemoryItem } from "../../../../shared/memories";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import { playingFrom } from "../../../../shared/transcripts";
import { transcriptQueryOptions } from "../api/get-transcript";
import { EditMemoryDialog } from "./edit-memory-dialog";
import { ChildDates, formatMemoryDate, UnlockBadge } from "./memory-card";
import { MemoryTranscript } from "./memory-transcript";

/**
 * Opens a video: the route passes the videos feature's player in (features never import each other).
 * `about` is who it is for and when it unlocks, as the note dialog shows them, for the player to show too; the video
 * carries its captions' link (WebVTT) once it has a transcript, and the moment to start at when a search hit opened it.
 */
export type RenderVideoPlayer = (video: VideoMemoryItem & { captionsUrl: string | null; startAtSeconds?: number }, onClose: () => void, about: ReactNode) => ReactNode;

/** The read-only note modal: title, date, photo, the recording to play, the notes (as text), Close. */
/** Shown under an open memory by the route (another feature's part, e.g. who it was delivered to). */
export type RenderMemoryExtra = (item: MemoryItem) => ReactNode;

export function MemoryModal({
  item,
  onClose,
  onEdit,
  renderExtra,
  startAtSeconds,
}: {
  item: NarrationItem | null;
  onClose: () => void;
  onEdit?: (item: NarrationItem) => void;
  renderExtra?: RenderMemoryExtra;
  /** Where the recording starts (a search hit: the moment its word is said). */
  startAtSeconds?: number;
}) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={item?.title ?? ""}
      description={item ? formatMemoryDate(item.createdAt) : undefined}
      className="max-w-lg"
      footer={
        <>
          {item && onEdit ? (
            <Button variant="ghost" onClick={() => onEdit(item)}>
              Edit
            </Button>
          ) : null}
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </>
      }
    >
      {item ? (
        <div className="flex flex-col gap-4">
          {item.imageUrl ? <img src={item.imageUrl} alt={`Photo for ${item.title}`} className="max-h-80 w-full rounded-lg object-cover" /> : null}
          {item.audioUrl ? <audio controls src={playingFrom(item.audioUrl, startAtSeconds)} className="w-full" aria-label={`Play ${item.title}`} /> : null}
          {item.audioUrl ? <MemoryTranscript memoryId={item.id} /> : null}
          {item.notes ? <p className="whitespace-pre-wrap text-base text-ink">{item.notes}</p> : null}
          <MemoryAbout item={item} />
          {renderExtra?.(item)}
        </div>
      ) : null}
    </Dialog>
  );
}

/** Who a memory is for and when it unlocks, the same line in every open memory (note, narration, video). */
function MemoryAbout({ item }: { item: MemoryItem }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-olive-dark" data-testid="memory-about">
      <UnlockBadge item={item} />
      {item.children.length > 0 ? <span>For {item.children.map((child) => child.name).join(", ")}</span> : null}
      <ChildDates item={item} className="w-full" />
    </div>
  );
}

/** A processed video in the route's player with its captions, and its transcript under it. */
function VideoMemory({ item, onClose, renderVideoPlayer, startAtSeconds }: { item: VideoMemoryItem; onClose: () => void; renderVideoPlayer: RenderVideoPlayer; startAtSeconds?: number }) {
  const processed = item.processing.status === "completed";
  const transcript = useQuery({ ...transcriptQueryOptions(item.id), enabled: processed });
  return renderVideoPlayer(
    { ...item, captionsUrl: transcript.data?.captionsUrl ?? null, startAtSeconds },
    onClose,
    <>
      <MemoryAbout item={item} />
      {processed ? <MemoryTranscript memoryId={item.id} /> : null}
    </>,
  );
}

/**
 * The open memory: a video in the player the route supplies, anything else in the note modal; `startAtSeconds` starts
 * its recording there.
 */
export function OpenMemory({
  item,
  onClose,
  renderVideoPlayer,
  renderExtra,
  startAtSeconds,
}: {
  item: MemoryItem | null;
  onClose: () => void;
  renderVideoPlayer: RenderVideoPlayer;
  renderExtra?: RenderMemoryExtra;
  startAtSeconds?: number;
}) {
  const [editing, setEditing] = useState<MemoryItem | null>(null);
  const modal =
    item?.kind === "video" ? (
      <VideoMemory item={item} onClose={onClose} renderVideoPlayer={renderVideoPlayer} startAtSeconds={startAtSeconds} />
    ) : (
      <MemoryModal
        item={item}
        onClose={onClose}
        renderExtra={renderExtra}
        startAtSeconds={startAtSeconds}
        onEdit={(open) => {
          setEditing(open);
          onClose();
        }}
      />
    );
  return (
    <>
      {modal}
      <EditMemoryDialog item={editing} onClose={() => setEditing(null)} />
    </>
  );
}
