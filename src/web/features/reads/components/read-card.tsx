import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { READS_COPY, readTimeLabel } from "../../../../shared/reads";
import { usePreviewImage } from "../api/get-preview-image";
import type { Read } from "../api/get-reads";

const readLinkClass =
  "mt-auto inline-flex min-h-11 items-center text-sm font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 hover:decoration-accent-dark";

/**
 * One read: image, title, hook, '3-min read', and its link. The newsletter's items open on
 * Substack in a new tab (their preview image looked up); the product's own reads open here.
 */
export function ReadCard({ read }: { read: Read }) {
  const own = read.href.startsWith("/");
  const preview = usePreviewImage(read.href, !own && !read.image);
  const image = read.image ?? preview.data;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-sand-soft bg-white">
      <div className="aspect-[16/9] bg-mist-soft">
        {image ? (
          <img
            src={image}
            alt=""
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-olive">
            <BookOpen className="size-8" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wide text-accent-dark uppercase">{readTimeLabel(read.minutes)}</p>
        <h3 className="text-lg leading-snug font-semibold text-ink">{read.title}</h3>
        <p className="line-clamp-3 text-sm text-olive-dark">{read.hook}</p>
        {own ? (
          <Link to={read.href} className={readLinkClass}>
            {READS_COPY.readHere}
            <span className="sr-only">: {read.title}</span>
          </Link>
        ) : (
          <a href={read.href} target="_blank" rel="noopener noreferrer" className={readLinkClass}>
            {READS_COPY.readOn}
            <span className="sr-only"> ({read.title}, opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
