import { Gift, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { TAGLINES } from "../../../../shared/copy";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { PageContainer } from "../../../components/layout/page-container";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { TextLink } from "../../../components/ui/text-link";
import type { PlanInterval } from "../../../../shared/billing";
import { useCancelSubscription, useResumeSubscription } from "../api/cancel-subscription";
import { type BillingSummary, useBilling } from "../api/get-billing";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { PlanChooser } from "./plan-chooser";

const ACTIVE = new Set(["active", "trialing", "past_due"]);
const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "");

export type PricingPageProps = { isGuest: boolean; signedIn: boolean; initialInterval?: PlanInterval };

/** /pricing: the plan chooser; a gift for guests; subscribed dads go to the billing portal. */
export function PricingPage({ isGuest, signedIn, initialInterval }: PricingPageProps) {
  const billing = useBilling({ enabled: signedIn && !isGuest });
  const subscribed = Boolean(billing.data?.subscription && ACTIVE.has(billing.data.subscription.status));
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

  if (signedIn && !isGuest && (billing.isPending || (subscribed && billing.data?.portalAvailable && !portal.isError))) {
    return <FullPageStatus>Loading...</FullPageStatus>;
  }

  return (
    <PageContainer width="narrow">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2 text-center">
          {isGuest ? (
            <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
              <Gift className="size-6" aria-hidden="true" />
            </span>
          ) : null}
          <h1 className="text-3xl font-bold tracking-tight text-ink">{isGuest ? "Gift Dad a subscription" : subscribed ? "Your subscription" : TAGLINES.pricing}</h1>
          <p className="text-base text-olive-dark">
            {isGuest
              ? "Pick a plan. We email you a gift code to pass on; he redeems it when he signs up."
              : subscribed
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
            <PlanChooser guest={isGuest} signedIn={signedIn} initialInterval={initialInterval} />
            <p className="mt-4 text-center text-sm text-olive-dark">{isGuest ? "A one-time payment: no subscription, nothing to cancel." : "Cancel anytime"}</p>
          </Card>
        )}

        <p className="flex items-center justify-center gap-2 text-sm text-olive-dark">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Payments are handled securely by our payment provider.
        </p>
        {!isGuest ? (
          <p className="text-center text-sm text-olive-dark">
            Buying for a dad? <TextLink to="/pricing?isGuest=true">Give it as a gift</TextLink>
          </p>
        ) : null}
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
        {from ? `Gift from ${from}` : "Gift"} — access until {formatDate(until)}
      </p>
      <p className="text-sm text-olive-dark">
        Nothing is charged for it, and nothing renews. After that, choose a plan below to keep recording; your memories are never deleted.
      </p>
    </Card>
  );
}

function CurrentPlan({ summary }: { summary: BillingSummary }) {
  const subscription = summary.subscription!;
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const label = subscription.interval === "year" ? "Annual" : "Monthly";
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-ink">Your plan: {label}</h2>
      <p className="text-sm text-olive-dark">
        {subscription.cancelAtPeriodEnd
          ? `Cancelled — you keep access until ${formatDate(subscription.currentPeriodEnd)}. Nothing more is charged, and your memories are never deleted.`
          : subscription.status === "trialing"
            ? `Your free month runs until ${formatDate(subscription.currentPeriodEnd)}; the first charge falls then.`
            : `Renews on ${formatDate(subscription.currentPeriodEnd)}.`}
      </p>
      {subscription.status === "past_due" ? <Alert>Your last payment didn't go through. Please update your card.</Alert> : null}
      {!subscription.cancelAtPeriodEnd ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      ) : (
        <Button onClick={() => resume.mutate(subscription.id)} busy={resume.isPending} busyLabel="Resuming…">
          Resume subscription
        </Button>
      )}
      {resume.isError ? <Alert>{resume.error.message}</Alert> : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={`You keep access until ${formatDate(subscription.currentPeriodEnd)}. After that, memories are locked for viewing but never deleted, and you can download everything any time.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
            <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate(subscription.id, { onSuccess: () => setConfirming(false) })}>
              Cancel subscription
            </Button>
          </>
        }
      >
        {cancel.isError ? <Alert>{cancel.error.message}</Alert> : null}
      </Dialog>
    </Card>
  );
}
