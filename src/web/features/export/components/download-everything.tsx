import { EXPORT_COPY } from "../../../../shared/export";
import { Button } from "../../../components/ui/button";
import { useLatestArchive } from "../api/archives";
import { ArchiveStatus } from "./archive-status";

/** 'Download everything' in Settings → Data management (and in the account-deletion dialog). */
export function DownloadEverything({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const latest = useLatestArchive();
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="flex flex-col gap-3" aria-busy={latest.isPending}>
      <div className="flex flex-col gap-1">
        <Heading className="text-base font-semibold">{EXPORT_COPY.title}</Heading>
        <p className="text-sm text-olive-dark">{EXPORT_COPY.description}</p>
      </div>
      {latest.isPending ? (
        <div className="h-11 w-52 animate-pulse rounded-lg bg-sand-soft motion-reduce:animate-none" aria-label="Loading" />
      ) : latest.isError ? (
        <div className="flex flex-col gap-2">
          <p role="alert" className="text-sm text-danger">
            We couldn't check on your archive.
          </p>
          <Button variant="secondary" className="self-start" onClick={() => void latest.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ArchiveStatus archive={latest.data} />
      )}
    </div>
  );
}
