import { useNavigate } from "react-router";
import { PageHeading } from "../../../components/ui/page-heading";
import { Alert } from "../../../components/ui/alert";
import { ButtonLink } from "../../../components/ui/button";
import { isApiError } from "../../../lib/api-client";
import { useArchive } from "../api/archives";
import { ArchiveStatus } from "./archive-status";

/** Where the ready email's link lands: the download, or (after 7 days) an offer to build a new archive. */
export function ArchivePage({ id }: { id: string }) {
  const archive = useArchive(id);
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Your archive" description="Every memory you recorded, in files that open without Hey Dad." />
      <section className="flex flex-col gap-4 rounded-xl border border-sand-soft bg-white p-5 sm:p-8" aria-busy={archive.isPending}>
        {archive.isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-sand-soft motion-reduce:animate-none" aria-label="Loading" />
        ) : archive.isError ? (
          <Alert title={isApiError(archive.error) && archive.error.status === 404 ? "We couldn't find that archive." : "We couldn't check on your archive."}>
            <ButtonLink to="/settings#data" variant="secondary" className="mt-3">
              Go to Settings
            </ButtonLink>
          </Alert>
        ) : (
          <ArchiveStatus archive={archive.data} onStarted={(started) => void navigate(`/archive/${started.id}`, { replace: true })} />
        )}
      </section>
    </div>
  );
}
