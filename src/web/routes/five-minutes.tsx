import { PRODUCT_NAME, TAGLINES } from "../../shared/copy";
import { ButtonLink } from "../components/ui/button";
import { LandingHero } from "../features/marketing/components/landing-hero";

function FiveMinutesPage({ pageTitle }: { pageTitle: string }) {
  return (
    <>
      <title>{pageTitle}</title>
      <LandingHero title={TAGLINES.hero} />
      <section className="bg-paper-warm">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-14 sm:px-6">
          <h2 className="text-2xl font-bold tracking-tight">Learn &amp; Grow as a Dad</h2>
          <p className="max-w-2xl text-olive-dark">
            Quick, practical reads for modern dads. Three minutes each.
          </p>
          <ButtonLink to="/blog" variant="secondary">
            See more reads
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export function FiveMinutesRoute() {
  return <FiveMinutesPage pageTitle={`Five minutes a week · ${PRODUCT_NAME}`} />;
}

export function SixMinutesRoute() {
  return <FiveMinutesPage pageTitle={`Six minutes a week · ${PRODUCT_NAME}`} />;
}
