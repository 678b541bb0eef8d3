import { findPublicPage } from "../../shared/public-pages";
import { READS_COPY } from "../../shared/reads";
import { PageContainer } from "../components/layout/page-container";
import { ReadsGrid } from "../features/reads/components/reads-list";

/**
 * /blog: the reads list (spec 002), the newsletter's items then the product's own reads. The heading comes in a band as big as
 * the landing hero's, so it is the first screen's largest paint (it arrives with the HTML) rather
 * than the cards below it.
 */
export function BlogRoute() {
  return (
    <>
      <title>{findPublicPage("/blog")!.title}</title>
      <section className="bg-ink text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-12 sm:px-6 sm:py-16">
          <h1 className="text-5xl leading-[1.05] font-bold tracking-tight text-balance sm:text-6xl">{READS_COPY.heading}</h1>
          <p className="max-w-2xl text-lg text-white/80 sm:text-xl">{READS_COPY.subheading}</p>
        </div>
      </section>
      <PageContainer>
        <ReadsGrid />
      </PageContainer>
    </>
  );
}
