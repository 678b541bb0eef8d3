import { ArrowLeft } from "lucide-react";
import { Suspense, use } from "react";
import { Link } from "react-router";
import { OWN_READS } from "../../../../shared/own-reads";
import { readTimeLabel } from "../../../../shared/reads";
import { ownReadHref, type OwnReadMeta } from "../../../../shared/reads-markdown";
import { loadReadBody } from "../api/get-read-body";
import { ArticleBody, ArticleBodySkeleton } from "./article-body";
import { ShareLink } from "./share-link";

const backLinkClass =
  "inline-flex min-h-11 items-center gap-2 font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 hover:decoration-accent-dark";

const published = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

function Body({ slug }: { slug: string }) {
  return <ArticleBody blocks={use(loadReadBody(slug))} />;
}

/** Three other reads, newest first after this one, so every read links on to more. */
function MoreReads({ slug }: { slug: string }) {
  const at = OWN_READS.findIndex((read) => read.slug === slug);
  const others = [...OWN_READS.slice(at + 1), ...OWN_READS.slice(0, at)].slice(0, 3);
  return (
    <nav aria-labelledby="more-reads" className="flex flex-col gap-3 border-t border-sand-soft pt-8">
      <h2 id="more-reads" className="text-xl font-bold tracking-tight">
        More reads
      </h2>
      <ul className="flex flex-col gap-1">
        {others.map((read) => (
          <li key={read.slug}>
            <Link to={ownReadHref(read.slug)} className={backLinkClass}>
              {read.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** /blog/{slug}: one of the product's own reads (title, hook, reading time, image, share, body). */
export function ReadArticle({ read }: { read: OwnReadMeta }) {
  return (
    <article className="mx-auto flex w-full max-w-[44rem] flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <Link to="/blog" className={`${backLinkClass} self-start`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        All reads
      </Link>
      <header className="flex flex-col gap-4">
        <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">
          {readTimeLabel(read.minutes)} · <time dateTime={read.date}>{published(read.date)}</time>
        </p>
        <h1 className="text-4xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">{read.title}</h1>
        <p className="text-xl leading-relaxed text-olive-dark">{read.hook}</p>
        <ShareLink title={read.title} text={read.hook} />
      </header>
      <img src={read.image} alt="" width={640} height={360} decoding="async" className="aspect-[16/9] w-full rounded-xl bg-mist-soft object-cover" />
      <Suspense fallback={<ArticleBodySkeleton />}>
        <Body slug={read.slug} />
      </Suspense>
      <MoreReads slug={read.slug} />
      <Link to="/blog" className={`${backLinkClass} self-start`}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to all reads
      </Link>
    </article>
  );
}
