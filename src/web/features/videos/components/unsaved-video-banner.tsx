import { clsx } from "clsx";
import { Film } from "lucide-react";
import { useEffect, useState } from "react";
import { ButtonLink } from "../../../components/ui/button";
import { videoStore } from "../../../lib/video-store";

/**
 * Away from the Video tab (the dashboard, the other record tabs), a video kept in this browser but
 * not saved yet is pointed out; the Video tab then offers it back with 'Retry Upload'.
 */
export function UnsavedVideoBanner({ className }: { className?: string }) {
  const [found, setFound] = useState(false);
  useEffect(() => {
    let current = true;
    void videoStore
      .unsaved()
      .then((unsaved) => current && setFound(unsaved === "video"))
      .catch(() => {});
    return () => {
      current = false;
    };
  }, []);
  if (!found) return null;
  return (
    <aside aria-label="Unsaved video" className={clsx("flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 sm:flex-row sm:items-center sm:justify-between", className)}>
      <p className="flex items-center gap-3 text-ink">
        <Film className="size-6 shrink-0 text-accent-dark" aria-hidden="true" />
        <span>You have a video on this device that isn't saved yet.</span>
      </p>
      <ButtonLink to="/record?video=true" variant="accent">
        Pick up where you left off
      </ButtonLink>
    </aside>
  );
}
