import { Dna, X } from "lucide-react";
import { useEffect, useState } from "react";
import { ButtonLink } from "../../../components/ui/button";
import { trackEvent } from "../../../lib/analytics";
import { isSessionFlagRaised, lowerSessionFlag } from "../../../lib/session-flags";

/** The Dad DNA upsell, shown while its session flag is up (raised by finishing onboarding). */
export function DadDnaBanner() {
  const [visible, setVisible] = useState(() => isSessionFlagRaised("dadDnaBanner"));
  useEffect(() => {
    if (visible) trackEvent("upsell_dad_dna_banner_show");
  }, [visible]);
  if (!visible) return null;
  return (
    <aside className="mt-8 flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-3 text-ink">
        <Dna className="size-6 shrink-0 text-accent-dark" aria-hidden="true" />
        <span>Take the Dad DNA test: 5–7 minutes to find the kind of dad you are.</span>
      </p>
      <div className="flex gap-2">
        <ButtonLink to="/pricing" variant="accent" onClick={() => trackEvent("upsell_dad_dna_banner_click")}>
          See details
        </ButtonLink>
        <button
          type="button"
          onClick={() => {
            lowerSessionFlag("dadDnaBanner");
            setVisible(false);
          }}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-semibold text-ink hover:bg-white/60"
        >
          <X className="size-4" aria-hidden="true" />
          Dismiss
        </button>
      </div>
    </aside>
  );
}
