import { BookOpen } from "lucide-react";
import { READS_COPY } from "../../../../shared/reads";
import { usePreviewImage } from "../api/get-preview-image";
import type { Read } from "../api/get-reads";

/** One read: preview image, title, hook, '3-min read', and 'Read on Substack →' in a new tab. */
export function ReadCard({ read }: { read: Read }) {
  const preview = usePreviewImage(read.href);
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-sand-soft bg-white">
      <div className="aspect-[16/9] bg-mist-soft">
        {preview.data ? (
          <img src={preview.data} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-olive">
            <BookOpen className="size-8" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <p className="text-xs font-semibold tracking-wide text-accent-dark uppercase">{READS_COPY.readLabel}</p>
        <h3 className="text-lg leading-snug font-semibold text-ink">{read.title}</h3>
        <p className="line-clamp-3 text-sm text-olive-dark">{read.hook}</p>
        <a
          href={read.href}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex min-h-11 items-center text-sm font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 hover:decoration-accent-dark"
        >
          {READS_COPY.readOn}
          <span className="sr-only"> ({read.title}, opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}

export function ReadCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-xl border border-sand-soft bg-white">
      <div className="aspect-[16/9] animate-pulse bg-sand-soft motion-reduce:animate-none" />
      <div className="flex flex-col gap-3 p-5">
        <div className="h-3 w-20 rounded bg-sand-soft" />
        <div className="h-5 w-4/5 rounded bg-sand-soft" />
        <div className="h-4 w-full rounded bg-sand-soft" />
        <div className="h-4 w-2/3 rounded bg-sand-soft" />
      </div>
    </div>
  );
}
