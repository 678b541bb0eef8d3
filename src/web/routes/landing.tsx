import { Gift, Lock, Sparkles, Video } from "lucide-react";
import { Link } from "react-router";
import { PRODUCT_NAME, TAGLINES } from "../../shared/copy";
import { ButtonLink } from "../components/ui/button";
import { textLinkClassName } from "../components/ui/text-link";
import { LandingHero } from "../features/marketing/components/landing-hero";

const FEATURES = [
  {
    icon: Video,
    title: "Record what matters",
    text: "Videos, voice over a photo, or a quick note. Two minutes is enough to say something they'll keep.",
  },
  {
    icon: Lock,
    title: "Unlock it at the right time",
    text: "Now, on their 18th birthday, on a date, or at a milestone you choose. Private until then.",
  },
  {
    icon: Sparkles,
    title: "Pocket Dad in your corner",
    text: "Tell it what's happening and get the words to say, in your tone, in seconds.",
  },
] as const;

export function LandingRoute() {
  return (
    <>
      <title>{`${PRODUCT_NAME}: record messages your kids will keep`}</title>
      <LandingHero title={TAGLINES.hero} />

      <section aria-labelledby="how-it-works" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="how-it-works" className="text-2xl font-bold tracking-tight sm:text-3xl">
            How it works
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3 sm:gap-6">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-3 rounded-xl border border-sand-soft bg-white p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent-soft text-accent-dark">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-olive-dark">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="border-t border-sand-soft bg-paper-warm">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="flex flex-col gap-2">
            <h2 className="text-2xl font-bold tracking-tight">Start today. They'll thank you later.</h2>
            <p className="text-olive-dark">Your first month is free. No credit card needed.</p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:items-end">
            <ButtonLink to="/signup" size="lg" className="w-full sm:w-auto">
              Create your free account
            </ButtonLink>
            <Link to="/login" className={`${textLinkClassName} inline-flex min-h-11 items-center gap-2 text-sm`}>
              <Gift className="size-4" aria-hidden="true" />
              Already purchased a gift code? Log In Here
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
