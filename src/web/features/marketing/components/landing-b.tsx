import { BookOpen, FileDown, Sparkles } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button, ButtonLink } from "../../../components/ui/button";
import { LandingHero } from "./landing-hero";
import { LazySubscribeDialog } from "./lazy-subscribe-dialog";

/** Variant B (/b, and / for visitors assigned B): the launch list first. `reads` is the reads carousel. */
export function LandingB({ reads }: { reads: ReactNode }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = () => setDialogOpen(true);
  const cards = [
    { icon: Sparkles, title: "Pocket Dad App", text: "The right words for a tricky moment, in your tone, in seconds.", action: <ButtonLink to="/pocket-dad" variant="secondary">Try Pocket Dad</ButtonLink> },
    { icon: FileDown, title: "52 Dad Moves (Free PDF)", text: "A year of small, doable things that add up to a lot. One a week.", action: <Button variant="secondary" onClick={openDialog}>Get the free guide</Button> },
    { icon: BookOpen, title: "3-minute reads", text: "Quick, practical ideas for modern dads, fresh every week.", action: <ButtonLink to="/blog" variant="secondary">Browse reads</ButtonLink> },
  ];

  return (
    <>
      <LandingHero
        title="Be the dad you mean to be."
        line="Join the launch list, get 52 free Dad Moves, and be first in when the Hey Dad app opens."
        actions={
          <div className="flex flex-col gap-3">
            <button
              type="button"
              onClick={openDialog}
              className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-accent-light px-6 text-base font-semibold text-ink transition-colors duration-150 hover:bg-[#e8b86c] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-light sm:w-fit"
            >
              Get on the list — send me the free PDF
            </button>
            <p className="text-sm text-white/75">No spam. We'll email the PDF instantly and notify you on launch day.</p>
          </div>
        }
      />
      <section aria-labelledby="free-stuff" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="free-stuff" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Free stuff you can use right now
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {cards.map(({ icon: Icon, title, text, action }) => (
              <li key={title} className="flex flex-col gap-3 rounded-xl border border-sand-soft p-6">
                <Icon className="size-6 text-accent-dark" aria-hidden="true" />
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-olive-dark">{text}</p>
                <div className="mt-auto pt-2 [&>*]:w-full">{action}</div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {reads}
      <LazySubscribeDialog open={dialogOpen} onOpenChange={setDialogOpen} closeOnSuccess={false} />
    </>
  );
}
