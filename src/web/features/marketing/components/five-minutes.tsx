import { Gift } from "lucide-react";
import { type ReactNode, useState } from "react";
import { TAGLINES } from "../../../../shared/copy";
import { LandingHero } from "./landing-hero";
import { LazySubscribeDialog } from "./lazy-subscribe-dialog";

/** /five-minutes (and /six-minutes): hero, the mobile-app banner that opens the email dialog, the reads. */
export function FiveMinutesLanding({ reads }: { reads: ReactNode }) {
  const [dialogOpen, setDialogOpen] = useState(false);
  return (
    <>
      <LandingHero title={TAGLINES.hero} line={TAGLINES.heroLine} />
      <section aria-label="Mobile app" className="border-b border-sand-soft bg-accent-soft">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className="font-semibold text-ink">A year of dad moves, one a week, free.</p>
          <button
            type="button"
            onClick={() => setDialogOpen(true)}
            className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-ink px-5 text-base font-semibold text-white hover:bg-ink-strong sm:w-auto"
          >
            <Gift className="size-5" aria-hidden="true" />
            Check out our mobile app &amp; get 52 weeks of dad moves, free!
          </button>
        </div>
      </section>
      {reads}
      <LazySubscribeDialog open={dialogOpen} onOpenChange={setDialogOpen} closeOnSuccess />
    </>
  );
}
