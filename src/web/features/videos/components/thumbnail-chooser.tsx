import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { formatClock } from "../../../../shared/videos";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { getThumbnailCandidates } from "../api/get-thumbnail-candidates";
import { useSetThumbnail } from "../api/set-thumbnail";
import { generateThumbnails, type ThumbnailCandidate } from "./thumbnails";

function dataUrlToBlob(dataUrl: string) {
  const [header, base64 = ""] = dataUrl.split(",");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: header?.slice(5).split(";")[0] ?? "image/jpeg" });
}

/** After save: four frames (from the browser, or the server's ffmpeg when the browser cannot decode it). */
export function ThumbnailChooser({ videoId, video, onDone }: { videoId: string; video: Blob; onDone: () => void }) {
  const [candidates, setCandidates] = useState<ThumbnailCandidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const save = useSetThumbnail();

  useEffect(() => {
    let cancelled = false;
    generateThumbnails(video)
      .catch(async (browserError: Error) => {
        const frames = await getThumbnailCandidates(videoId).catch(() => []);
        if (frames.length === 0) throw browserError;
        return frames.map((frame) => ({ timeSeconds: frame.timeSeconds, url: frame.dataUrl, blob: dataUrlToBlob(frame.dataUrl) }));
      })
      .then((frames) => !cancelled && setCandidates(frames), (failure: Error) => { if (!cancelled) { setCandidates([]); setError(failure.message); } });
    return () => { cancelled = true; };
  }, [video, videoId]);

  async function confirm() {
    const frame = chosen === null ? undefined : candidates?.[chosen];
    if (!frame) return;
    await save.mutateAsync({ videoId, jpeg: frame.blob }).then(onDone, (failure: Error) => setError(failure.message));
  }

  return (
    <Dialog open onOpenChange={() => {}} hideClose title="Choose Your Video Thumbnail" description="Select the frame that best represents your video" className="max-w-2xl">
      {candidates === null ? <p className="py-8 text-center text-olive-dark">Generating thumbnails...</p> : null}
      {candidates?.length === 0 ? <p className="py-8 text-center text-olive-dark">No thumbnails available</p> : null}
      {error ? <Alert>{error}</Alert> : null}
      {candidates && candidates.length > 0 ? (
        <>
          <ul className="grid grid-cols-2 gap-3">
            {candidates.map((frame, index) => (
              <li key={frame.url}>
                <button type="button" onClick={() => setChosen(index)} aria-pressed={chosen === index} aria-label={`Thumbnail ${index + 1} at ${formatClock(frame.timeSeconds)}`}
                  className={clsx("relative w-full overflow-hidden rounded-lg border-4", chosen === index ? "border-accent-dark" : "border-transparent")}>
                  <img src={frame.url} alt="" className="aspect-video w-full object-cover" />
                  <span className="absolute top-1 left-1 rounded bg-ink/80 px-2 text-sm text-white">{index + 1}</span>
                  <span className="absolute right-1 bottom-1 rounded bg-ink/80 px-2 text-sm text-white">{formatClock(frame.timeSeconds)}</span>
                </button>
              </li>
            ))}
          </ul>
          {/* The spec's 'Click on…' from 640 px; a phone is tapped. */}
          <p className="text-sm text-olive-dark">
            <span className="sm:hidden">Tap a thumbnail to select it as your video cover</span>
            <span className="hidden sm:inline">Click on a thumbnail to select it as your video cover</span>
          </p>
        </>
      ) : null}
      <div className="flex justify-end gap-3">
        {candidates?.length === 0 ? <Button variant="secondary" onClick={onDone}>Skip</Button> : null}
        <Button onClick={() => void confirm()} disabled={chosen === null} busy={save.isPending}>Continue</Button>
      </div>
    </Dialog>
  );
}
