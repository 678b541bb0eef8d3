import { clsx } from "clsx";
import { Check } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { ANNUAL_SAVING_PERCENT, formatPrice, PLANS, type PlanInterval } from "../../../../shared/billing";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { trackPixel } from "../../../lib/analytics";
import { useCreateCheckoutSession } from "../api/create-checkout-session";
import { usePlans } from "../api/get-plans";
import { checkoutErrorMessage } from "./checkout-errors";

export const CHECKOUT_DETAILS_STORAGE_KEY = "heydad.checkout";

export type PlanChooserProps = {
  /** A gift bought as a guest: asks for the buyer's email (where the code goes). */
  guest?: boolean;
  signedIn: boolean;
  initialInterval?: PlanInterval;
  /** The gift buyer's email as first offered (a signed-in buyer's own). */
  defaultEmail?: string;
  className?: string;
};

const PLAN_NOTES: Record<PlanInterval, string> = {
  month: "Billed monthly",
  year: `${formatPrice(PLANS.year.priceCents)} billed once a year`,
};

/** A gift is paid once and never renews: it gives Dad this much access. */
const giftNote = (interval: PlanInterval) => {
  const months = PLANS[interval].giftMonths;
  return `${months === 12 ? "A year" : months === 1 ? "One month" : `${months} months`} for Dad, paid once. Nothing renews.`;
};

/** Monthly and Annual (Annual preselected, 'MOST POPULAR', 'Save 33%') and 'Get Started'. */
export function PlanChooser({ guest = false, signedIn, initialInterval = "year", defaultEmail = "", className }: PlanChooserProps) {
  const [interval, setInterval] = useState<PlanInterval>(initialInterval);
  const [email, setEmail] = useState(defaultEmail);
  const plans = usePlans();
  const checkout = useCreateCheckoutSession();
  const navigate = useNavigate();
  const groupLabel = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!guest && !signedIn) {
      void navigate(`/signup?plan=${interval === "year" ? "annual" : "monthly"}`);
      return;
    }
    const plan = plans.data?.plans.find((p) => p.interval === interval);
    if (!plan) return;
    const details = { content_name: plan.label, interval, value: plan.price, isGuest: guest };
    try {
      window.localStorage.setItem(CHECKOUT_DETAILS_STORAGE_KEY, JSON.stringify(details));
    } catch {
      // Only used to label the Purchase event.
    }
    trackPixel("InitiateCheckout", { content_name: details.content_name, value: details.value, currency: "USD" });
    const session = await checkout.mutateAsync({ priceId: plan.priceId, interval, isGuest: guest, email: guest ? email.trim() : undefined }).catch(() => null);
    if (session) window.location.assign(session.url);
  }

  return (
    <form className={clsx("flex flex-col gap-5", className)} onSubmit={(event) => void handleSubmit(event)}>
      <fieldset className="flex flex-col gap-3">
        <legend id={groupLabel} className="sr-only">
          Choose a plan
        </legend>
        {(["year", "month"] as const).map((value) => {
          const selected = interval === value;
          const plan = PLANS[value];
          return (
            <label
              key={value}
              className={clsx(
                "relative flex min-h-16 cursor-pointer items-center gap-4 rounded-xl border-2 bg-white px-4 py-4 transition-colors duration-150",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-dark",
                selected ? "border-ink" : "border-sand-soft hover:border-sand",
              )}
            >
              <input type="radio" name="plan" value={value} checked={selected} onChange={() => setInterval(value)} className="sr-only" />
              <span
                aria-hidden="true"
                className={clsx("inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2", selected ? "border-ink bg-ink text-white" : "border-sand")}
              >
                {selected ? <Check className="size-3.5" strokeWidth={3} /> : null}
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-base font-semibold text-ink">{plan.label}</span>
                  {value === "year" ? (
                    <>
                      <span className="rounded-full bg-ink px-2 py-0.5 text-[0.6875rem] font-bold tracking-wider text-white">MOST POPULAR</span>
                      <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-dark">Save {ANNUAL_SAVING_PERCENT}%</span>
                    </>
                  ) : null}
                </span>
                <span className="text-sm text-olive-dark">{guest ? giftNote(value) : PLAN_NOTES[value]}</span>
              </span>
              <span className="text-right">
                <span className="block text-lg font-bold text-ink tabular-nums">{formatPrice(plan.priceCents)}</span>
                <span className="block text-xs text-olive-dark">{guest ? "once" : value === "year" ? "per year" : "per month"}</span>
              </span>
            </label>
          );
        })}
      </fieldset>

      {guest ? (
        <TextField
          label="Your email"
          type="email"
          name="email"
          autoComplete="email"
          required
          hint="We'll email the gift code here, ready to pass on to Dad."
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      ) : null}

      {checkout.isError ? <Alert>{checkoutErrorMessage(checkout.error)}</Alert> : null}
      {plans.isError ? (
        <Alert title="We couldn't load the plans.">
          <button type="button" className="font-semibold underline" onClick={() => void plans.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}

      <Button type="submit" size="lg" fullWidth busy={checkout.isPending || (checkout.isSuccess && !checkout.isError)} disabled={plans.isPending || plans.isError}>
        Get Started
      </Button>
      {plans.data?.mode === "test" ? (
        <p className="text-center text-xs font-semibold tracking-wider text-accent-dark">TEST MODE: no real payment is taken</p>
      ) : null}
    </form>
  );
}
