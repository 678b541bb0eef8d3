import { Gift } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "../../../components/ui/button";
import { textLinkClassName } from "../../../components/ui/text-link";

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-heading" className="border-t border-sand-soft bg-paper-warm">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-2">
          <h2 id="closing-heading" className="text-2xl font-bold tracking-tight">
            Start today. They'll thank you later.
          </h2>
          <p className="text-olive-dark">Your first month is free. No credit card needed.</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:items-end">
          <ButtonLink to="/signup" size="lg" className="w-full sm:w-auto">
            Create your free account
          </ButtonLink>
          <Link to="/login" className={`${textLinkClassName} inline-flex min-h-11 items-center gap-2 text-sm`}>
            <Gift className="size-4" aria-hidden="true" />
            Already purchased a gift code? Log In Here
          </Link>
        </div>
      </div>
    </section>
  );
}
