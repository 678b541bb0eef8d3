import { Download, FileArchive } from "lucide-react";
import { type ArchiveView, EXPORT_COPY } from "../../../../shared/export";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClassName } from "../../../components/ui/button";
import { archiveDownloadUrl, useRequestArchive } from "../api/archives";

const sizeLabel = (bytes: number | null) => {
  if (bytes === null) return "";
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
};

const dayLabel = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: "long", month: "long", day: "numeric" });

/** The start button (busy while the request is out), shared by every state that offers a new archive. */
function StartButton({ label, variant = "primary", onStarted }: { label: string; variant?: "primary" | "secondary"; onStarted?: (archive: ArchiveView) => void }) {
  const request = useRequestArchive();
  return (
    <div className="flex flex-col gap-2">
      <Button variant={variant} className="self-start" onClick={() => request.mutate(undefined, { onSuccess: ({ archive }) => onStarted?.(archive) })} busy={request.isPending} busyLabel="Starting...">
        <FileArchive className="size-5" aria-hidden="true" />
        {label}
      </Button>
      {request.isError ? (
        <p role="alert" className="text-sm text-danger">
          {request.error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One archive's state: building (progress and the item being packed), ready, failed, expired, or
 * none yet. `onStarted` hears of a new archive started from here (the archive page follows it).
 */
export function ArchiveStatus({ archive, onStarted }: { archive: ArchiveView | null; onStarted?: (archive: ArchiveView) => void }) {
  if (!archive) return <StartButton label={EXPORT_COPY.start} onStarted={onStarted} />;
  if (archive.status === "building") {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-paper-warm p-4" aria-live="polite">
        <div className="flex items-baseline justify-between gap-3">
          <span className="font-semibold">{EXPORT_COPY.building}</span>
          <span className="text-sm font-semibold tabular-nums">{archive.progress}%</span>
        </div>
        <div
          role="progressbar"
          aria-label={EXPORT_COPY.building}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={archive.progress}
          className="h-2.5 overflow-hidden rounded-full bg-sand-soft"
        >
          <div className="h-full rounded-full bg-accent transition-[width] duration-200 motion-reduce:transition-none" style={{ width: `${archive.progress}%` }} />
        </div>
        <p className="min-h-5 truncate text-sm text-olive-dark">{archive.currentItem ? `Packing: ${archive.currentItem}` : "Getting started..."}</p>
        <p className="text-sm">{EXPORT_COPY.leave}</p>
      </div>
    );
  }
  if (archive.status === "ready") {
    return (
      <div className="flex flex-col gap-3 rounded-lg bg-success-soft p-4">
        <span className="font-semibold text-success">{EXPORT_COPY.ready}</span>
        <p className="text-sm">
          {sizeLabel(archive.sizeBytes)} ZIP{archive.expiresAt ? `, available until ${dayLabel(archive.expiresAt)}` : ""}.
          {archive.missingFiles > 0 ? ` ${archive.missingFiles === 1 ? "One file was" : `${archive.missingFiles} files were`} missing from storage; memories.json lists them.` : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          <a href={archiveDownloadUrl(archive.id)} className={buttonClassName({ variant: "primary" })} download>
            <Download className="size-5" aria-hidden="true" />
            {EXPORT_COPY.download}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {archive.status === "failed" ? <Alert title={EXPORT_COPY.failed} /> : <Alert tone="info" title={EXPORT_COPY.expired} />}
      <StartButton label={archive.status === "failed" ? "Try again" : EXPORT_COPY.buildNew} onStarted={onStarted} />
    </div>
  );
}
