import { Dna, X } from "lucide-react";
import { useEffect, useState } from "react";
import { DAD_DNA_COPY } from "../../../../shared/dad-dna";
import { ButtonLink } from "../../../components/ui/button";
import { TextLink } from "../../../components/ui/text-link";
import { trackEvent } from "../../../lib/analytics";
import { isSessionFlagRaised, lowerSessionFlag } from "../../../lib/session-flags";
import { useDadDna } from "../api/get-dad-dna";
import { DAD_DNA_SECTION_ID } from "./dad-dna-details";

/**
 * The Dad DNA banner, shown while its session flag is up (raised by finishing onboarding) and only
 * to a dad who has not taken the test: once he has, it is gone for good, on any device.
 */
export function DadDnaBanner() {
  const [flagged, setFlagged] = useState(() => isSessionFlagRaised("dadDnaBanner"));
  const dna = useDadDna({ enabled: flagged });
  const visible = flagged && dna.isSuccess && dna.data.result === null;
  useEffect(() => {
    if (visible) trackEvent("upsell_dad_dna_banner_show");
  }, [visible]);
  useEffect(() => {
    if (dna.data?.result) lowerSessionFlag("dadDnaBanner");
  }, [dna.data?.result]);
  if (!visible) return null;
  return (
    <aside aria-label={DAD_DNA_COPY.name} className="mt-8 flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent-soft p-4 md:flex-row md:items-center md:justify-between">
      <p className="flex items-center gap-3 text-ink">
        <Dna className="size-6 shrink-0 text-accent-dark" aria-hidden="true" />
        <span>{DAD_DNA_COPY.banner}</span>
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <ButtonLink to="/dad-dna" variant="accent" onClick={() => trackEvent("upsell_dad_dna_banner_click", { target: "test" })}>
          Take the test
        </ButtonLink>
        <TextLink to={`/pricing#${DAD_DNA_SECTION_ID}`} className="inline-flex min-h-11 items-center" onClick={() => trackEvent("upsell_dad_dna_banner_click", { target: "details" })}>
          See details
        </TextLink>
        <button
          type="button"
          onClick={() => {
            lowerSessionFlag("dadDnaBanner");
            setFlagged(false);
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
