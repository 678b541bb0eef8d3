import { CreditCard } from "lucide-react";
import { formatPrice, PLANS } from "../../../../shared/billing";
import { isRenewingPlan, type PlanState, planState } from "../../../../shared/billing-status";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { type BillingSummary, useBilling } from "../api/get-billing";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { formatBillingDate } from "./billing-dates";
import { SubscriptionActions } from "./subscription-actions";

const NO_CHARGE = "None";

/** The three lines of the section: which plan, where it stands, and the next charge. */
function describe(state: PlanState) {
  switch (state.kind) {
    case "free-month":
      return { plan: "Free month", status: `Free month until ${formatBillingDate(state.until)}`, nextCharge: `${NO_CHARGE}: no card needed until you choose a plan` };
    case "gift":
      return { plan: "Gift", status: `Gifted until ${formatBillingDate(state.until)}${state.from ? ` (from ${state.from})` : ""}`, nextCharge: `${NO_CHARGE}: a gift never renews` };
    case "granted":
      return { plan: "Full access", status: "Active", nextCharge: NO_CHARGE };
    case "lapsed":
      return {
        plan: "No plan",
        status: state.since ? `Lapsed since ${formatBillingDate(state.since)}` : "Lapsed",
        nextCharge: NO_CHARGE,
      };
    default: {
      const plan = PLANS[state.interval];
      const price = `${formatPrice(plan.priceCents)} ${state.interval === "year" ? "a year" : "a month"}`;
      const on = formatBillingDate(state.periodEnd);
      const status = {
        trialing: `Free month until ${on}; your plan starts that day`,
        active: "Active",
        "past-due": "Active, but the last payment didn't go through",
        cancelled: `Cancelled — you keep access until ${on}`,
      }[state.kind];
      return { plan: `${plan.label}, ${price}`, status, nextCharge: state.kind === "cancelled" ? `${NO_CHARGE}: nothing more is charged` : `${formatPrice(plan.priceCents)} on ${on}` };
    }
  }
}

/** Settings → Billing: plan, status, next charge; cancel or resume; Stripe's portal when Stripe is in use. */
export function BillingSection() {
  const billing = useBilling();
  if (billing.isPending) return <div className="h-40 animate-pulse rounded-lg bg-sand-soft motion-reduce:animate-none" aria-label="Loading your plan" />;
  if (billing.isError) {
    return (
      <Alert title="We couldn't load your plan.">
        <Button variant="secondary" className="mt-3" onClick={() => void billing.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  return <BillingDetails summary={billing.data} />;
}

function BillingDetails({ summary }: { summary: BillingSummary }) {
  const state = planState(summary, new Date());
  const lines = describe(state);
  const portal = useOpenBillingPortal();
  const subscription = summary.subscription;
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr] sm:items-baseline">
        {[
          ["Plan", lines.plan],
          ["Status", lines.status],
          ["Next charge", lines.nextCharge],
        ].map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm font-semibold text-olive-dark">{term}</dt>
            <dd className="-mt-2 text-base break-words text-ink sm:mt-0">{value}</dd>
          </div>
        ))}
      </dl>
      {state.kind === "past-due" ? <Alert>Your last payment didn't go through. Please update your card.</Alert> : null}
      {state.kind === "lapsed" ? (
        <p className="text-sm text-olive-dark">Your memories are kept and never deleted. Choose a plan to keep recording and watching.</p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {subscription && (isRenewingPlan(state) || state.kind === "cancelled") ? (
          <SubscriptionActions subscriptionId={subscription.id} cancelled={state.kind === "cancelled"} periodEnd={subscription.currentPeriodEnd} />
        ) : (
          <ButtonLink to="/pricing">Choose a plan</ButtonLink>
        )}
        {summary.portalAvailable ? (
          <Button variant="secondary" onClick={() => portal.mutate()} busy={portal.isPending || portal.isSuccess} busyLabel="Opening…">
            <CreditCard className="size-5" aria-hidden="true" />
            Card and invoices
          </Button>
        ) : null}
      </div>
      {portal.isError ? <Alert>We couldn't open the billing portal. Please try again in a few minutes.</Alert> : null}
    </div>
  );
}
