import { CreditCard } from "lucide-react";
import { useParams } from "react-router";
import { PRODUCT_NAME } from "../../shared/copy";
import { PlaceholderPage } from "../components/layout/placeholder-page";

/** The built-in checkout used when Stripe is not configured. Clearly labelled TEST MODE. */
export function TestCheckoutRoute() {
  const { session } = useParams();
  return (
    <>
      <title>{`Test checkout · ${PRODUCT_NAME}`}</title>
      <div className="bg-accent-soft px-4 py-2 text-center text-sm font-bold tracking-widest text-accent-dark">
        TEST MODE: no real payment is taken
      </div>
      <PlaceholderPage
        title="Checkout"
        icon={CreditCard}
        description="Review your plan and confirm the test payment."
        note={
          <>
            Test checkout session <span className="font-mono text-ink">{session}</span> will be shown
            here.
          </>
        }
      />
    </>
  );
}
