import { Gift, ShieldCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { TAGLINES } from "../../../../shared/copy";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { PageContainer } from "../../../components/layout/page-container";
import { Alert } from "../../../components/ui/alert";
import { Card } from "../../../components/ui/card";
import { TextLink } from "../../../components/ui/text-link";
import { ACCESS_GIVING_STATUSES, type PlanInterval } from "../../../../shared/billing";
import { type BillingSummary, useBilling } from "../api/get-billing";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { formatBillingDate } from "./billing-dates";
import { PlanChooser } from "./plan-chooser";
import { SubscriptionActions } from "./subscription-actions";

export type PricingPageProps = {
  isGuest: boolean;
  signedIn: boolean;
  initialInterval?: PlanInterval;
  /** The signed-in buyer's own address, offered for the gift code. */
  email?: string;
};

/**
 * /pricing: the plan chooser; subscribed dads go to the billing portal. With isGuest, the gift purchase, whoever
 * asks: a subscribed, trialing or lapsed dad buys a gift exactly as a signed-out visitor does.
 */
export function PricingPage(props: PricingPageProps) {
  return props.isGuest ? <GiftPurchase initialInterval={props.initialInterval} email={props.email} /> : <PlanPage {...props} />;
}

function GiftPurchase({ initialInterval, email }: { initialInterval?: PlanInterval; email?: string }) {
  return (
    <PageContainer width="narrow">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2 text-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
            <Gift className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-bold tracking-tight text-ink">Gift Dad a subscription</h1>
          <p className="text-base text-olive-dark">Pick a plan. We email you a gift code to pass on; he redeems it when he signs up.</p>
        </header>
        <Card className="p-5 sm:p-6">
          <PlanChooser guest signedIn={false} initialInterval={initialInterval} defaultEmail={email} />
          <p className="mt-4 text-center text-sm text-olive-dark">A one-time payment: no subscription, nothing to cancel.</p>
        </Card>
        <PaymentProviderNote />
      </div>
    </PageContainer>
  );
}

function PaymentProviderNote() {
  return (
    <p className="flex items-center justify-center gap-2 text-sm text-olive-dark">
      <ShieldCheck className="size-4" aria-hidden="true" />
      Payments are handled securely by our payment provider.
    </p>
  );
}

function PlanPage({ signedIn, initialInterval }: PricingPageProps) {
  const billing = useBilling({ enabled: signedIn });
  const subscribed = Boolean(billing.data?.subscription && ACCESS_GIVING_STATUSES.has(billing.data.subscription.status));
  const giftUntil = billing.data?.giftAccessUntil ?? null;
  const hasGift = !subscribed && giftUntil !== null && new Date(giftUntil).getTime() > Date.now();
  const portal = useOpenBillingPortal();
  const portalStarted = useRef(false);

  useEffect(() => {
    if (subscribed && billing.data?.portalAvailable && !portalStarted.current) {
      portalStarted.current = true;
      portal.mutate();
    }
  }, [subscribed, billing.data?.portalAvailable, portal]);

  if (signedIn && (billing.isPending || (subscribed && billing.data?.portalAvailable && !portal.isError))) {
    return <FullPageStatus>Loading...</FullPageStatus>;
  }

  return (
    <PageContainer width="narrow">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-ink">{subscribed ? "Your subscription" : TAGLINES.pricing}</h1>
          <p className="text-base text-olive-dark">
            {subscribed
              ? "Thank you for keeping their stories safe."
              : hasGift
                ? "Hey Dad was given to you. Here's how long your gift lasts, and the plans for after."
                : "Add Unlimited Videos • Cancel Anytime. Your first month is free, no credit card needed."}
          </p>
        </header>

        {billing.isError ? (
          <Alert title="We couldn't load your plan.">
            <button type="button" className="font-semibold underline" onClick={() => void billing.refetch()}>
              Try again
            </button>
          </Alert>
        ) : null}
        {portal.isError ? <Alert>We couldn't open the billing portal. Please try again in a few minutes.</Alert> : null}

        {hasGift && billing.data ? <GiftAccess from={billing.data.giftFrom} until={giftUntil} /> : null}

        {subscribed && billing.data ? (
          <CurrentPlan summary={billing.data} />
        ) : (
          <Card className="p-5 sm:p-6">
            <PlanChooser signedIn={signedIn} initialInterval={initialInterval} />
            <p className="mt-4 text-center text-sm text-olive-dark">Cancel anytime</p>
          </Card>
        )}

        <PaymentProviderNote />
        <p className="text-center text-sm text-olive-dark">
          Buying for a dad? <TextLink to="/pricing?isGuest=true">Give it as a gift</TextLink>
        </p>
      </div>
    </PageContainer>
  );
}

/** A dad on a gift: whose gift, until when, and what happens after (the plans stay below). */
function GiftAccess({ from, until }: { from: string | null; until: string | null }) {
  return (
    <Card className="flex flex-col gap-2 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Gift className="size-5 shrink-0 text-accent-dark" aria-hidden="true" />
        Your gift
      </h2>
      <p className="text-base font-medium break-words text-ink">
        {from ? `Gift from ${from}` : "Gift"} — access until {formatBillingDate(until)}
      </p>
      <p className="text-sm text-olive-dark">
        Nothing is charged for it, and nothing renews. After that, choose a plan below to keep recording; your memories are never deleted.
      </p>
    </Card>
  );
}

function CurrentPlan({ summary }: { summary: BillingSummary }) {
  const subscription = summary.subscription!;
  const label = subscription.interval === "year" ? "Annual" : "Monthly";
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-ink">Your plan: {label}</h2>
      <p className="text-sm text-olive-dark">
        {subscription.cancelAtPeriodEnd
          ? `Cancelled — you keep access until ${formatBillingDate(subscription.currentPeriodEnd)}. Nothing more is charged, and your memories are never deleted.`
          : subscription.status === "trialing"
            ? `Your free month runs until ${formatBillingDate(subscription.currentPeriodEnd)}; the first charge falls then.`
            : `Renews on ${formatBillingDate(subscription.currentPeriodEnd)}.`}
      </p>
      {subscription.status === "past_due" ? <Alert>Your last payment didn't go through. Please update your card.</Alert> : null}
      <SubscriptionActions subscriptionId={subscription.id} cancelled={subscription.cancelAtPeriodEnd} periodEnd={subscription.currentPeriodEnd} />
    </Card>
  );
}
