import { Lock, Mic, Play } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { TAGLINES } from "../../../../shared/copy";

export type LandingHeroProps = {
  title?: string;
  line?: ReactNode;
  /** Replaces the default sign-up / log-in buttons and the note under them. */
  actions?: ReactNode;
};

export function LandingHero({ title = TAGLINES.hero, line = TAGLINES.heroLine, actions }: LandingHeroProps) {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-accent/25 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1fr_22rem] lg:py-28">
        <div className="flex flex-col gap-8">
          <div className="flex max-w-3xl flex-col gap-6">
            <p className="inline-flex w-fit items-center gap-2 rounded-full border border-white/15 px-3 py-1 text-sm font-medium text-white/85">
              <Mic className="size-4 text-accent-light" aria-hidden="true" />
              Messages for your kids, kept for life
            </p>
            <h1 className="text-4xl leading-[1.05] font-bold tracking-tight text-balance sm:text-6xl">
              {title}
            </h1>
            <p className="max-w-2xl text-lg text-white/80 sm:text-xl">{line}</p>
          </div>
          {actions ?? <DefaultActions />}
        </div>
        <MemoryCardPreview />
      </div>
    </section>
  );
}

function DefaultActions() {
  return (
    <>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to="/signup"
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-accent-light px-6 text-base font-semibold text-ink transition-colors duration-150 hover:bg-[#e8b86c] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-light"
            >
              Start free: 1 month on us
            </Link>
            <Link
              to="/login"
              className="inline-flex min-h-12 items-center justify-center rounded-lg border border-white/30 px-6 text-base font-semibold text-white transition-colors duration-150 hover:bg-white/10 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-light"
            >
              Log in
            </Link>
          </div>
          <p className="text-sm text-white/70">No credit card needed. Cancel anytime.</p>
    </>
  );
}

/** Decorative preview of a saved memory (wide screens only). */
function MemoryCardPreview() {
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute inset-0 translate-x-4 translate-y-4 rotate-3 rounded-2xl bg-white/10" />
      <div className="relative flex flex-col gap-4 rounded-2xl bg-white p-5 text-ink shadow-float">
        <div className="flex aspect-video items-center justify-center rounded-xl bg-gradient-to-br from-[#5a5148] to-ink">
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-white/90 text-ink">
            <Play className="ml-1 size-6" />
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <p className="text-lg font-semibold">For Maya, on your first day of college</p>
          <p className="text-sm text-olive-dark">Recorded when you were 6 · 1:48</p>
        </div>
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-dark">
          <Lock className="size-3.5" />
          Unlocks at Age 18
        </p>
      </div>
    </div>
  );
}
