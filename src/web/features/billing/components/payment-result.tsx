import { CircleCheck, Gift, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { ResultCard } from "../../../components/layout/result-card";
import { ButtonLink } from "../../../components/ui/button";
import { trackPixelOnce } from "../../../lib/analytics";
import { useBilling } from "../api/get-billing";
import { useVerifyPayment } from "../api/verify-payment";
import { formatBillingDate } from "./billing-dates";
import { CHECKOUT_DETAILS_STORAGE_KEY } from "./plan-chooser";

export type PaymentResultProps = { sessionId: string | null; isGuest: boolean; supportEmail: string };

function checkoutDetails() {
  try {
    return JSON.parse(window.localStorage.getItem(CHECKOUT_DETAILS_STORAGE_KEY) ?? "null") as Record<string, unknown> | null;
  } catch {
    return null;
  }
}

/** /success: 'Verifying your payment', then the result (spec 002 §2 Payment result screen). */
export function PaymentResult({ sessionId, isGuest, supportEmail }: PaymentResultProps) {
  const verification = useVerifyPayment(sessionId);
  const queryClient = useQueryClient();
  const status = !sessionId || verification.isError || verification.data?.status === "failed" ? "error" : verification.data?.status === "success" ? "success" : "loading";
  const gift = isGuest || verification.data?.kind === "gift";
  // A plan chosen in the free month charges nothing today: the page says when it starts instead of 'Payment Confirmed'.
  const billing = useBilling({ enabled: status === "success" && !gift });
  const subscription = billing.data?.subscription;

  useEffect(() => {
    if (status !== "success" || !sessionId) return;
    trackPixelOnce(`purchase.${sessionId}`, "Purchase", { ...checkoutDetails(), currency: "USD" });
    void queryClient.invalidateQueries();
  }, [status, sessionId, queryClient]);

  if (status === "loading" || (status === "success" && !gift && billing.isPending)) return <FullPageStatus>Verifying your payment</FullPageStatus>;

  if (status === "error") {
    return (
      <ResultCard tone="danger" icon={TriangleAlert} title="Something went wrong... no charges were made">
        <p className="text-base text-olive-dark">
          <a className="font-semibold text-ink underline underline-offset-4" href={`mailto:${supportEmail}`}>
            Contact support
          </a>
        </p>
        <p className="text-sm text-olive-dark">Or try again in a few minutes</p>
        <ButtonLink to={isGuest ? "/pricing?isGuest=true" : "/pricing"} variant="secondary">
          Back to pricing
        </ButtonLink>
      </ResultCard>
    );
  }

  if (gift) {
    return (
      <ResultCard tone="success" icon={Gift} title="Gift Purchase Successful!">
        <p className="text-base text-olive-dark">
          We've emailed you a subscription code to share with Dad. He enters it when he signs up (or at any time after).
        </p>
        <p className="text-sm text-olive-dark">
          Not in your inbox within 10 minutes? Check your spam folder or{" "}
          <a className="font-semibold text-ink underline underline-offset-4" href={`mailto:${supportEmail}`}>
            contact support
          </a>
          .
        </p>
      </ResultCard>
    );
  }
  if (subscription?.status === "trialing") {
    return (
      <ResultCard tone="success" icon={CircleCheck} title="Your plan is set!">
        <DoneList items={["Account Active", "Nothing charged today"]} />
        <p className="text-base text-olive-dark">
          Your {subscription.interval === "year" ? "Annual" : "Monthly"} plan starts on {formatBillingDate(subscription.currentPeriodEnd)}, the last day of your free
          month; its first charge falls then. You can cancel before that in Settings, under Billing.
        </p>
        <ButtonLink to="/dashboard" size="lg">
          Go to your dashboard
        </ButtonLink>
      </ResultCard>
    );
  }
  return (
    <ResultCard tone="success" icon={CircleCheck} title="Payment Successful!">
      <DoneList items={["Account Active", "Payment Confirmed"]} />
      <ButtonLink to="/dashboard" size="lg">
        Go to your dashboard
      </ButtonLink>
    </ResultCard>
  );
}

/** What is now true, each line ticked. */
function DoneList({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-col gap-2 text-base text-ink">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2">
          <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" /> {item}
        </li>
      ))}
    </ul>
  );
}
