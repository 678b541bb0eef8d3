import { clsx } from "clsx";
import { Link } from "react-router";
import { BLOG_READS, CAROUSEL_READS, READ_SKELETONS, READS_COPY } from "../../../../shared/reads";
import { useReads } from "../api/get-reads";
import { ReadCard, ReadCardSkeleton } from "./read-card";

const linkClass =
  "inline-flex min-h-11 items-center font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 hover:decoration-accent-dark";

/** The /blog grid: up to 12 reads, 6 skeletons while loading, the spec's empty message, and the link to all articles. */
export function ReadsGrid() {
  const reads = useReads(BLOG_READS);
  if (reads.isPending) {
    return (
      <div role="status" aria-label="Loading the latest reads" className="grid max-h-[60svh] gap-5 overflow-hidden sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: READ_SKELETONS }, (_, index) => (
          <ReadCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  const items = reads.data?.items ?? [];
  if (items.length === 0) {
    // As tall as the skeletons' first screen, so the footer does not jump up when the answer is empty.
    return (
      <div className="flex min-h-[60svh] flex-col items-center justify-center gap-4 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-12 text-center">
        <p className="max-w-md text-olive-dark">{READS_COPY.empty}</p>
        <Link to="/dadmoves" className={linkClass}>
          Meanwhile, get the 52 Dad Moves free →
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((read) => (
          <li key={read.href}>
            <ReadCard read={read} />
          </li>
        ))}
      </ul>
      {reads.data?.siteUrl ? (
        <a href={reads.data.siteUrl} target="_blank" rel="noopener noreferrer" className={clsx(linkClass, "self-center")}>
          See all articles on Substack →
        </a>
      ) : null}
    </div>
  );
}

/** 'Learn & Grow as a Dad': up to 5 reads in a row that scrolls sideways, with See More → /blog. */
export function ReadsCarousel({ extraLink = false }: { extraLink?: boolean }) {
  const reads = useReads(CAROUSEL_READS);
  const items = reads.data?.items ?? [];
  return (
    <section aria-labelledby="reads-heading" className="bg-paper-warm">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-14 sm:px-6 sm:py-20">
        <div className="flex items-end justify-between gap-4">
          <div className="flex flex-col gap-2">
            <h2 id="reads-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {READS_COPY.carouselHeading}
            </h2>
            <p className="text-olive-dark">Quick, practical reads for modern dads. Three minutes each.</p>
          </div>
          <Link to="/blog" className={clsx(linkClass, "shrink-0")}>
            {READS_COPY.seeMore}
          </Link>
        </div>
        {reads.isPending ? (
          <div aria-hidden="true" className="flex gap-4 overflow-hidden">
            {Array.from({ length: 3 }, (_, index) => (
              <div key={index} className="w-72 shrink-0">
                <ReadCardSkeleton />
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className="text-olive-dark">{READS_COPY.empty}</p>
        ) : (
          <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0" aria-label="Latest reads">
            {items.map((read) => (
              <li key={read.href} className="w-72 shrink-0 snap-start sm:w-80">
                <ReadCard read={read} />
              </li>
            ))}
          </ul>
        )}
        {extraLink ? (
          <Link to="/blog" className={clsx(linkClass, "self-start")}>
            {READS_COPY.seeMoreReads}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
