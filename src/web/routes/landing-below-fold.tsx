import { ClosingCta } from "../features/marketing/components/closing-cta";
import { Faq } from "../features/marketing/components/faq";
import { HowItWorks } from "../features/marketing/components/how-it-works";
import { PocketDadTeaser } from "../features/marketing/components/pocket-dad-teaser";
import { PricingCards } from "../features/marketing/components/pricing-cards";
import { useScrollToHash } from "../features/marketing/components/use-scroll-to-hash";
import { WhoUses } from "../features/marketing/components/who-uses";
import { ReadsCarousel } from "../features/reads/components/reads-list";

/** The main landing page below the first screen (a separate chunk, see routes/landing.tsx). */
export default function LandingBelowFold() {
  useScrollToHash();
  return (
    <>
      <HowItWorks />
      <PocketDadTeaser />
      <ReadsCarousel />
      <WhoUses />
      <Faq />
      <PricingCards />
      <ClosingCta />
    </>
  );
}
