import { HeartHandshake } from "lucide-react";
import { GUARDIANS_COPY } from "../../../../shared/guardians";
import { TextLink } from "../../../components/ui/text-link";
import { useGuardians } from "../api/list-guardians";

/** A short nudge on /children, shown only once Dad has a child and no guardian yet. */
export function FamilyPrompt({ hasChildren }: { hasChildren: boolean }) {
  const guardians = useGuardians();
  if (!hasChildren || !guardians.isSuccess || guardians.data.guardians.length > 0) return null;
  return (
    <aside aria-label={GUARDIANS_COPY.sectionTitle} className="flex items-start gap-3 rounded-xl border border-sand-soft bg-paper-warm p-4 sm:p-5">
      <HeartHandshake className="mt-0.5 size-6 shrink-0 text-olive-dark" aria-hidden="true" />
      <p>
        {GUARDIANS_COPY.childrenPrompt}{" "}
        <TextLink to="/settings#family-delivery">Set up Family delivery</TextLink>
      </p>
    </aside>
  );
}
