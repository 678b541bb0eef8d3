import { Info } from "lucide-react";
import { Popover } from "radix-ui";
import { Link } from "react-router";
import { PopoverPanel } from "../../../components/ui/popover-panel";
import { DAD_DNA_ARCHETYPE_EFFECT, DAD_DNA_COPY } from "../../../../shared/dad-dna";
import { ARCHETYPE_DESCRIPTIONS, ARCHETYPE_EFFECT, ARCHETYPE_LABELS, type Archetype } from "../../../../shared/onboarding";

const linkClassName = "min-h-11 content-center text-sm font-semibold underline underline-offset-2";

/**
 * The archetype badge: a button that explains, in a popover, what the archetype means and what it
 * changes. From the Dad DNA test it links to the result; from the setup questions, to both.
 */
export function ArchetypeBadge({ archetype, source }: { archetype: Archetype; source: "dad_dna" | "onboarding" }) {
  const label = ARCHETYPE_LABELS[archetype];
  return (
    <Popover.Root>
      <Popover.Trigger
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border border-sand bg-paper-warm px-3 text-sm font-semibold hover:border-olive focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-dark"
        aria-label={`${label}: what this means`}
        data-testid="archetype-badge"
      >
        <span>{label}</span>
        <Info className="size-4 text-olive-dark" aria-hidden="true" />
      </Popover.Trigger>
      <PopoverPanel aria-labelledby="archetype-title" className="w-[min(20rem,calc(100vw-1rem))] gap-2 p-4">
        <h2 id="archetype-title" className="text-base font-semibold">
          You're a {label}
        </h2>
        <p className="text-sm">{ARCHETYPE_DESCRIPTIONS[archetype]}</p>
        <p className="text-sm text-olive-dark">{source === "dad_dna" ? DAD_DNA_ARCHETYPE_EFFECT : ARCHETYPE_EFFECT}</p>
        {source === "dad_dna" ? (
          <Link to="/dad-dna/result" className={linkClassName}>
            See your Dad DNA result
          </Link>
        ) : (
          <>
            <Link to="/dad-dna" className={linkClassName}>
              Take the {DAD_DNA_COPY.name} for a closer match
            </Link>
            <Link to="/onboarding?retake=1&then=pocket-dad" className={linkClassName}>
              Retake the questionnaire
            </Link>
          </>
        )}
      </PopoverPanel>
    </Popover.Root>
  );
}
