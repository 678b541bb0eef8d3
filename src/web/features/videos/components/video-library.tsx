import { Clock, Film } from "lucide-react";
import { useState } from "react";
import { formatClock, type VideoItem } from "../../../../shared/videos";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useVideos } from "../api/list-videos";
import { VideoPlayerDialog } from "./video-player-dialog";

function unlockLabel(video: VideoItem) {
  if (video.unlockType === "age") return `Age ${video.unlockAge}`;
  if (video.unlockType === "date" && video.unlockDate) return new Date(`${video.unlockDate}T00:00:00`).toLocaleDateString();
  if (video.unlockType === "milestone") return "Milestone";
  return "Available now";
}

export function VideoCard({ video, onOpen }: { video: VideoItem; onOpen: () => void }) {
  const ready = video.processingStatus === "completed";
  return (
    <button type="button" onClick={onOpen} disabled={!ready} aria-label={`${video.title}${ready ? "" : video.processingStatus === "failed" ? " (processing failed)" : " (processing)"}`}
      className="flex flex-col overflow-hidden rounded-xl border border-sand-soft bg-white text-left shadow-sm enabled:hover:border-olive disabled:cursor-default">
      <div className="relative aspect-video bg-mist-soft">
        {video.thumbnailUrl ? <img src={video.thumbnailUrl} alt="" className="size-full object-cover" /> : <Film className="absolute inset-0 m-auto size-10 text-olive" aria-hidden="true" />}
        {video.durationSeconds ? <span className="absolute right-2 bottom-2 rounded bg-ink/80 px-2 text-sm text-white">{formatClock(video.durationSeconds)}</span> : null}
      </div>
      <div className="flex flex-col gap-1 p-3">
        <p className="font-semibold">{video.title}</p>
        <p className="flex items-center gap-1 text-sm text-olive-dark"><Clock className="size-3.5" aria-hidden="true" />{unlockLabel(video)}</p>
        {video.processingStatus === "processing" ? <p className="text-sm text-accent-dark">Getting your video ready…</p> : null}
        {video.processingStatus === "failed" ? <p className="text-sm text-danger">{video.processingError ?? "Processing failed"}</p> : null}
      </div>
    </button>
  );
}

/** Video cards with the player. Integration point for the dashboard and vault grids (issue 4). */
/** The dad's videos; `childId` keeps only those meant for that child. */
export function VideoLibrary({ childId }: { childId?: string } = {}) {
  const videos = useVideos();
  const [open, setOpen] = useState<VideoItem | null>(null);
  if (videos.isPending) return <p className="text-olive-dark">Loading…</p>;
  if (videos.isError) return <Alert>We couldn't load your videos. <Button variant="ghost" onClick={() => void videos.refetch()}>Retry</Button></Alert>;
  const shown = childId ? videos.data.filter((video) => video.children.some((child) => child.id === childId)) : videos.data;
  if (shown.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand p-8 text-center">
        <p>No videos yet.</p>
        <ButtonLink to="/record?video=true">Record a video</ButtonLink>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your videos">
        {shown.map((video) => <li key={video.id}><VideoCard video={video} onOpen={() => setOpen(video)} /></li>)}
      </ul>
      {open ? <VideoPlayerDialog video={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
