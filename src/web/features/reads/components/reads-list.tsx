import { clsx } from "clsx";
import { Link } from "react-router";
import { OWN_READ_ITEMS } from "../../../../shared/own-reads";
import { BLOG_READS, CAROUSEL_READS, READS_COPY } from "../../../../shared/reads";
import { useReads } from "../api/get-reads";
import { ReadCard } from "./read-card";

const linkClass =
  "inline-flex min-h-11 items-center font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 hover:decoration-accent-dark";

/** /blog lists every own read when there is no feed (more than the feed's 12 when there are more). */
const BLOG_LIMIT = Math.max(BLOG_READS, OWN_READ_ITEMS.length);

/**
 * The /blog grid: the newsletter's items first, then the product's own reads; they are in the
 * bundle, so the grid is in the prerendered page and there is nothing to wait for. The spec's
 * empty message stays for a build with no reads at all.
 */
export function ReadsGrid() {
  const reads = useReads(BLOG_LIMIT);
  if (reads.items.length === 0) {
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
        {reads.items.map((read) => (
          <li key={read.href}>
            <ReadCard read={read} />
          </li>
        ))}
      </ul>
      {reads.siteUrl ? (
        <a href={reads.siteUrl} target="_blank" rel="noopener noreferrer" className={clsx(linkClass, "self-center")}>
          See all articles on Substack →
        </a>
      ) : null}
    </div>
  );
}

/** 'Learn & Grow as a Dad': up to 5 reads in a row that scrolls sideways, with See More → /blog. */
export function ReadsCarousel({ extraLink = false }: { extraLink?: boolean }) {
  const reads = useReads(CAROUSEL_READS);
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
        {reads.items.length === 0 ? (
          <p className="text-olive-dark">{READS_COPY.empty}</p>
        ) : (
          <ul className="-mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0" aria-label="Latest reads">
            {reads.items.map((read) => (
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
