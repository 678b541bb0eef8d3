import { useEffect, useState } from "react";
import { VIDEO_COPY } from "../../../../shared/videos";
import { Button } from "../../../components/ui/button";
import { DAD_JOKES } from "./dad-jokes";

/** Full-screen while uploading: circular percent, the don't-lock hint and a dad joke every 5 s. */
export function UploadOverlay({ percent, failed, onClose }: { percent: number; failed: boolean; onClose: () => void }) {
  const [joke, setJoke] = useState(() => Math.floor(Math.random() * DAD_JOKES.length));
  useEffect(() => {
    const timer = setInterval(() => setJoke((current) => (current + 1) % DAD_JOKES.length), 5000);
    return () => clearInterval(timer);
  }, []);
  const circumference = 2 * Math.PI * 54;
  return (
    <div role="dialog" aria-modal="true" aria-label="Uploading your video" className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-6 bg-ink/95 p-6 text-center text-white">
      {failed ? (
        <>
          <p className="text-2xl font-semibold">{VIDEO_COPY.processingFailed}</p>
          <p className="max-w-sm text-white/85">{VIDEO_COPY.checkConnection}</p>
          <Button variant="secondary" onClick={onClose} autoFocus>OK</Button>
        </>
      ) : (
        <>
          <svg viewBox="0 0 120 120" className="size-40" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Upload progress">
            <circle cx="60" cy="60" r="54" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="8" />
            <circle cx="60" cy="60" r="54" fill="none" stroke="currentColor" strokeWidth="8" strokeLinecap="round" strokeDasharray={circumference}
              strokeDashoffset={circumference * (1 - percent / 100)} transform="rotate(-90 60 60)" />
            <text x="60" y="67" textAnchor="middle" fontSize="22" fontWeight="600" fill="currentColor">{percent}%</text>
          </svg>
          <p className="font-medium">Please do not lock the screen or switch to other apps.</p>
          <p className="max-w-md text-white/80 italic" aria-live="polite">{DAD_JOKES[joke]}</p>
        </>
      )}
    </div>
  );
}
