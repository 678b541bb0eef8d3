import { Gift } from "lucide-react";
import { Link } from "react-router";
import { ANNUAL_SAVING_PERCENT, formatPrice, PLANS } from "../../../../shared/billing";
import { PageContainer } from "../../../components/layout/page-container";
import { ButtonLink } from "../../../components/ui/button";
import { TextLink } from "../../../components/ui/text-link";
import { GiftExplainerVideo } from "./gift-explainer-video";

/** /gift: the landing page for moms buying Dad a subscription (spec 002 §2). */
export function GiftLanding() {
  return (
    <div className="bg-paper-warm">
      <PageContainer width="default">
        <div className="grid gap-10 md:grid-cols-2 md:items-center">
          <section className="flex flex-col gap-5">
            <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">For the dad in your life</p>
            <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">Give him the gift of being there, now and later</h1>
            <p className="text-base text-olive-dark sm:text-lg">
              Hey Dad helps him record videos, voice notes and stories for your kids, kept safe until the day they need them. You buy a gift code; he redeems it in a minute.
            </p>
            <ButtonLink to="/pricing?isGuest=true" size="lg" className="self-start">
              <Gift className="size-5" aria-hidden="true" />
              Gift Dad a subscription
            </ButtonLink>
          </section>
          <GiftExplainerVideo />
        </div>

        <section aria-labelledby="gift-plans" className="mt-12">
          <h2 id="gift-plans" className="text-xl font-semibold text-ink">
            Or let him start with a plan of his own
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {(["month", "year"] as const).map((interval) => (
              <li key={interval}>
                <Link
                  to={`/signup?plan=${interval === "year" ? "annual" : "monthly"}`}
                  className="flex min-h-24 flex-col gap-1 rounded-xl border border-sand-soft bg-white p-5 transition-colors duration-150 hover:border-ink"
                >
                  <span className="flex items-center gap-2 text-base font-semibold text-ink">
                    {PLANS[interval].label}
                    {interval === "year" ? <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">Save {ANNUAL_SAVING_PERCENT}%</span> : null}
                  </span>
                  <span className="text-lg font-bold text-ink tabular-nums">
                    {formatPrice(PLANS[interval].priceCents)} <span className="text-sm font-normal text-olive-dark">{interval === "year" ? "per year" : "per month"}</span>
                  </span>
                  <span className="text-sm text-olive-dark">First month free, no card needed</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <p className="mt-10 text-sm text-olive-dark">
          <TextLink to="/privacy">Privacy Policy</TextLink> · <TextLink to="/terms">Terms of Service</TextLink>
        </p>
      </PageContainer>
    </div>
  );
}
