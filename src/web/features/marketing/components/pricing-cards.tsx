import { Check } from "lucide-react";
import { clsx } from "clsx";
import { ButtonLink } from "../../../components/ui/button";

const PLANS = [
  { plan: "monthly", name: "Monthly", price: "$4.99", per: "/month", note: "Billed monthly after your free month.", popular: false },
  { plan: "annual", name: "Annual", price: "$39.99", per: "/year", note: "Save 33% against paying monthly.", popular: true },
] as const;

const INCLUDED = ["Unlimited videos, voice notes and quick notes", "Unlock by date, age or milestone", "Pocket Dad coaching", "Download everything, any time"];

export function PricingCards() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 sm:py-20">
        <h2 id="pricing-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Simple pricing. First month free.
        </h2>
        <p className="mt-2 text-olive-dark">No credit card needed to start. Cancel anytime.</p>
        <ul className="mt-8 grid gap-5 md:grid-cols-2">
          {PLANS.map((plan) => (
            <li
              key={plan.plan}
              className={clsx("relative flex flex-col gap-5 rounded-2xl border bg-white p-6 sm:p-8", plan.popular ? "border-ink shadow-float" : "border-sand-soft")}
            >
              {plan.popular ? (
                <p className="absolute -top-3 left-6 rounded-full bg-accent-dark px-3 py-1 text-xs font-bold tracking-wide text-white">
                  MOST POPULAR · Save 33%
                </p>
              ) : null}
              <h3 className="text-lg font-semibold">{plan.name}</h3>
              <p>
                <span className="text-4xl font-bold tracking-tight tabular-nums">{plan.price}</span>
                <span className="text-olive-dark">{plan.per}</span>
              </p>
              <p className="text-sm text-olive-dark">{plan.note}</p>
              <ul className="flex flex-col gap-2 text-sm">
                {INCLUDED.map((item) => (
                  <li key={item} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {item}
                  </li>
                ))}
              </ul>
              <ButtonLink to={`/signup?plan=${plan.plan}`} variant={plan.popular ? "primary" : "secondary"} size="lg" className="mt-auto">
                Start free with {plan.name}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
