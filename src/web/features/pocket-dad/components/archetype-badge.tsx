import { Info } from "lucide-react";
import { Popover } from "radix-ui";
import { Link } from "react-router";
import { PopoverPanel } from "../../../components/ui/popover-panel";
import { ARCHETYPE_DESCRIPTIONS, ARCHETYPE_EFFECT, ARCHETYPE_LABELS, type Archetype } from "../../../../shared/onboarding";

/** The archetype badge: a button that explains, in a popover, what the archetype means and what it changes. */
export function ArchetypeBadge({ archetype }: { archetype: Archetype }) {
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
        <p className="text-sm text-olive-dark">{ARCHETYPE_EFFECT}</p>
        <Link to="/onboarding?retake=1&then=pocket-dad" className="min-h-11 content-center text-sm font-semibold underline underline-offset-2">
          Retake the questionnaire
        </Link>
      </PopoverPanel>
    </Popover.Root>
  );
}
