import { ClosingCta } from "../features/marketing/components/closing-cta";
import { Faq } from "../features/marketing/components/faq";
import { HowItWorks } from "../features/marketing/components/how-it-works";
import { PocketDadTeaser } from "../features/marketing/components/pocket-dad-teaser";
import { PricingCards } from "../features/marketing/components/pricing-cards";
import { useScrollToHash } from "../features/marketing/components/use-scroll-to-hash";
import { WhoUses } from "../features/marketing/components/who-uses";
import { ReadsCarousel } from "../features/reads/components/reads-list";

/**
 * The main landing page below the first screen (a separate chunk, see routes/landing.tsx).
 * `content-visibility: auto` lets the browser skip styling and laying it out until it nears the
 * viewport, so the prerendered page paints its first screen sooner (links to #sections still land).
 */
export default function LandingBelowFold() {
  useScrollToHash();
  return (
    <div className="[contain-intrinsic-size:auto_4000px] [content-visibility:auto]">
      <HowItWorks />
      <PocketDadTeaser />
      <ReadsCarousel />
      <WhoUses />
      <Faq />
      <PricingCards />
      <ClosingCta />
    </div>
  );
}
