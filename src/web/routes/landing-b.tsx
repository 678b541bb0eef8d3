import { BookOpen, FileDown, Sparkles } from "lucide-react";
import { PRODUCT_NAME } from "../../shared/copy";
import { ButtonLink } from "../components/ui/button";
import { LandingHero } from "../features/marketing/components/landing-hero";

const FREE_STUFF = [
  { icon: Sparkles, title: "Pocket Dad App", to: "/pocket-dad", cta: "Try Pocket Dad" },
  { icon: FileDown, title: "52 Dad Moves (Free PDF)", to: "/dadmoves", cta: "Get the free guide" },
  { icon: BookOpen, title: "3-minute reads", to: "/blog", cta: "Browse reads" },
] as const;

export function LandingBRoute() {
  return (
    <>
      <title>{`Be the dad you mean to be · ${PRODUCT_NAME}`}</title>
      <LandingHero title="Be the dad you mean to be." />
      <section aria-labelledby="free-stuff" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="free-stuff" className="text-2xl font-bold tracking-tight">
            Free stuff you can use right now
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {FREE_STUFF.map(({ icon: Icon, title, to, cta }) => (
              <li key={title} className="flex flex-col gap-4 rounded-xl border border-sand-soft p-6">
                <Icon className="size-6 text-accent-dark" aria-hidden="true" />
                <h3 className="text-lg font-semibold">{title}</h3>
                <ButtonLink to={to} variant="secondary" className="mt-auto">
                  {cta}
                </ButtonLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
