import { CreditCard } from "lucide-react";
import { useNavigate } from "react-router";
import { formatPrice } from "../../../../shared/billing";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { PageContainer } from "../../../components/layout/page-container";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { useCancelTestCheckout } from "../api/cancel-test-checkout";
import { useTestCheckout } from "../api/get-test-checkout";
import { usePayTestCheckout } from "../api/pay-test-checkout";
import { ACTIONS_ROW } from "../../../components/ui/form-actions";

function TestModeBanner() {
  return (
    <div role="note" className="bg-accent-soft px-4 py-2 text-center text-sm font-bold tracking-widest text-accent-dark">
      TEST MODE: no real payment is taken
    </div>
  );
}

/** The built-in checkout used when Stripe is not configured; marked TEST MODE on every state. */
export function TestCheckoutPage({ sessionId }: { sessionId: string }) {
  const session = useTestCheckout(sessionId);
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  const navigate = useNavigate();
  const gift = session.data?.kind === "gift";

  if (session.isPending) {
    return (
      <>
        <TestModeBanner />
        <FullPageStatus>Loading...</FullPageStatus>
      </>
    );
  }

  return (
    <>
      <TestModeBanner />
      <PageContainer width="narrow">
        {session.isError || !session.data ? (
          <Alert title="This checkout could not be found.">It may have expired. Start again from the pricing page.</Alert>
        ) : (
          <Card className="flex flex-col gap-5">
            <div className="flex items-center gap-3">
              <span className="inline-flex size-11 items-center justify-center rounded-full bg-mist-soft text-ink">
                <CreditCard className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="text-xs font-bold tracking-widest text-accent-dark">TEST MODE</p>
                <h1 className="text-xl font-semibold text-ink">Checkout</h1>
              </div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-olive-dark">Plan</dt>
              <dd className="font-medium text-ink">
                {gift ? "Gift: " : ""}
                {session.data.interval === "year" ? "Annual" : "Monthly"}
              </dd>
              <dt className="text-olive-dark">Amount</dt>
              <dd className="font-medium text-ink tabular-nums">
                {formatPrice(session.data.amountCents)} {gift ? "once" : session.data.interval === "year" ? "per year" : "per month"}
              </dd>
              {session.data.email ? (
                <>
                  <dt className="text-olive-dark">Email</dt>
                  <dd className="font-medium break-all text-ink">{session.data.email}</dd>
                </>
              ) : null}
            </dl>
            {session.data.trialEnd ? (
              <p className="text-sm text-olive-dark">Nothing is charged today: the first payment falls on {new Date(session.data.trialEnd).toLocaleDateString()}, when your free month ends.</p>
            ) : null}
            {session.data.status !== "open" ? <Alert tone="info">This checkout is already {session.data.status === "complete" ? "paid" : "cancelled"}.</Alert> : null}
            {pay.isError || cancel.isError ? <Alert>Checkout endpoint error.</Alert> : null}
            <div className={ACTIONS_ROW}>
              <Button
                variant="secondary"
                busy={cancel.isPending}
                disabled={pay.isPending}
                onClick={() =>
                  cancel.mutate(sessionId, { onSuccess: () => void navigate(gift ? "/pricing?isGuest=true" : "/pricing") })
                }
              >
                Cancel
              </Button>
              <Button
                busy={pay.isPending}
                disabled={cancel.isPending || session.data.status !== "open"}
                onClick={() =>
                  pay.mutate(sessionId, {
                    onSuccess: () => void navigate(`/success?session_id=${encodeURIComponent(sessionId)}${gift ? "&isGuest=true" : ""}`),
                  })
                }
              >
                {session.data.trialEnd ? "Start my plan (test)" : `Pay ${formatPrice(session.data.amountCents)}${gift ? " once" : ""} (test)`}
              </Button>
            </div>
          </Card>
        )}
      </PageContainer>
    </>
  );
}
