import { AccessGate } from "../features/billing/components/access-gate";
import { ChecklistCard } from "../features/checklist/components/checklist-card";
import type { Me } from "../features/auth/api/get-me";

/** What every signed-in page carries besides itself: the pricing modal / overlay and the checklist card. */
export function SignedInExtras({ me }: { me: Me }) {
  return (
    <>
      <AccessGate hasAccess={me.profile.hasAccess} accountCreatedAt={me.profile.createdAt} />
      <ChecklistCard />
    </>
  );
}
