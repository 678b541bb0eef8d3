import { Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { GUARDIAN_LIMIT, GUARDIAN_RELATION_LABELS, GUARDIAN_STATE_LABELS, type Guardian, type GuardianState, GUARDIANS_COPY } from "../../../../shared/guardians";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { guardianActions, useGuardianAction } from "../api/guardian-actions";
import { useGuardians } from "../api/list-guardians";
import { ConfirmGuardianDialog, errorMessage } from "./confirm-guardian-dialog";
import { GuardianFormDialog, type Kid } from "./guardian-form-dialog";
import { MilestoneConfirmations } from "./milestone-confirmations";
import { LegacyRelease } from "./legacy-release";
import { DadNameSetting } from "./dad-name-setting";

const STATE_STYLE: Record<GuardianState, string> = {
  invited: "bg-mist-soft text-ink",
  accepted: "bg-[#e3efe1] text-[#24502a]",
  declined: "bg-sand-soft text-ink",
  paused: "bg-[#f6e7cf] text-[#6b420c]",
};

type Editing = { mode: "add" } | { mode: "edit"; guardian: Guardian } | { mode: "remove"; guardian: Guardian } | { mode: "revoke"; guardian: Guardian } | null;


/** Settings › Family delivery: Dad's guardians with their state, and what he can do with each. */
export function FamilyDelivery({ kids }: { kids: Kid[] }) {
  const guardians = useGuardians();
  const [editing, setEditing] = useState<Editing>(null);
  const pause = useGuardianAction(guardianActions.setPaused);
  const resend = useGuardianAction(guardianActions.resend);
  const setNeeded = useGuardianAction(guardianActions.setConfirmationsNeeded);
  const close = () => setEditing(null);

  const childrenLabel = (guardian: Guardian) =>
    guardian.childIds === null
      ? "All children"
      : kids
          .filter((kid) => guardian.childIds!.includes(kid.id))
          .map((kid) => kid.name)
          .join(", ") || "No children";

  async function run(action: Promise<unknown>, success: string) {
    try {
      await action;
      toast.success(success);
    } catch (cause) {
      toast.error(errorMessage(cause));
    }
  }

  if (guardians.isPending) return <div className="h-32 animate-pulse rounded-xl bg-sand-soft motion-reduce:animate-none" aria-label="Loading guardians" />;
  if (guardians.isError)
    return (
      <Alert title="We couldn't load your guardians.">
        <Button variant="secondary" className="mt-3" onClick={() => void guardians.refetch()}>
          Try again
        </Button>
      </Alert>
    );

  const list = guardians.data.guardians;
  const accepted = list.filter((guardian) => guardian.state === "accepted").length;
  const full = list.length >= GUARDIAN_LIMIT;
  return (
    <div className="flex flex-col gap-4">
      <DadNameSetting />
      {list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-sand bg-paper-warm px-4 py-6 text-center text-olive-dark">
          No guardians yet. Add someone you trust: they will receive your memories for your children when they open.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-soft" aria-label="Guardians">
          {list.map((guardian) => (
            <li key={guardian.id} className="flex flex-col gap-3 py-4 first:pt-0">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex min-w-0 flex-col">
                  <span className="font-semibold">{guardian.name}</span>
                  <span className="text-sm break-all text-olive-dark">{guardian.email}</span>
                  <span className="text-sm text-olive-dark">
                    {GUARDIAN_RELATION_LABELS[guardian.relation]} · {childrenLabel(guardian)}
                  </span>
                </div>
                <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATE_STYLE[guardian.state]}`}>{GUARDIAN_STATE_LABELS[guardian.state]}</span>
              </div>
              {guardian.deliveryProblem ? (
                <p className="text-sm font-medium text-danger">
                  Our last email to {guardian.name} did not get through ({guardian.deliveryProblem}). We keep retrying; please check the address.
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing({ mode: "edit", guardian })} aria-label={`Edit ${guardian.name}`}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`${guardian.state === "paused" ? "Resume" : "Pause"} ${guardian.name}`}
                  disabled={pause.isPending}
                  onClick={() => void run(pause.mutateAsync({ id: guardian.id, paused: guardian.state !== "paused" }), guardian.state === "paused" ? "Guardian resumed" : "Guardian paused")}
                >
                  {guardian.state === "paused" ? "Resume" : "Pause"}
                </Button>
                {guardian.state === "invited" || guardian.state === "declined" ? (
                  <Button
                    variant="secondary"
                    aria-label={`Resend the invitation to ${guardian.name}`}
                    disabled={resend.isPending}
                    onClick={() => void run(resend.mutateAsync({ id: guardian.id }), GUARDIANS_COPY.invitationSent)}
                  >
                    Resend invitation
                  </Button>
                ) : null}
                {guardian.state === "accepted" ? (
                  <Button variant="ghost" onClick={() => setEditing({ mode: "revoke", guardian })} aria-label={`Revoke ${guardian.name}'s links`}>
                    Revoke links
                  </Button>
                ) : null}
                <Button variant="ghost" className="text-danger" onClick={() => setEditing({ mode: "remove", guardian })} aria-label={`Remove ${guardian.name}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {accepted > 1 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="confirmations-needed" className="text-sm font-medium">
            Guardians who must confirm a milestone
          </label>
          <select
            id="confirmations-needed"
            aria-describedby="confirmations-needed-hint"
            value={guardians.data.confirmationsNeeded}
            disabled={setNeeded.isPending}
            onChange={(event) => void run(setNeeded.mutateAsync({ confirmationsNeeded: Number(event.target.value) }), "Saved")}
            className="min-h-11 w-28 rounded-lg border border-sand bg-white px-3 py-2.5 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
          >
            {Array.from({ length: accepted }, (_, i) => i + 1).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <p id="confirmations-needed-hint" className="text-sm text-olive-dark">
            A sealed milestone opens for a child when this many of that child's guardians say it has happened (all of them, if the child has fewer).
          </p>
        </div>
      ) : null}
      <MilestoneConfirmations />
      <div className="flex flex-col gap-2">
        <Button className="self-start" onClick={() => setEditing({ mode: "add" })} disabled={full}>
          <Plus className="size-5" aria-hidden="true" />
          Add a guardian
        </Button>
        {full ? <p className="text-sm text-olive-dark">{GUARDIANS_COPY.limitReached}</p> : null}
      </div>
      <LegacyRelease />
      {editing?.mode === "add" ? <GuardianFormDialog kids={kids} onClose={close} /> : null}
      {editing?.mode === "edit" ? <GuardianFormDialog guardian={editing.guardian} kids={kids} onClose={close} /> : null}
      {editing?.mode === "remove" ? (
        <ConfirmGuardianDialog
          title={`Remove ${editing.guardian.name}?`}
          description={GUARDIANS_COPY.confirmRemove}
          confirmLabel="Remove"
          busyLabel="Removing..."
          success={GUARDIANS_COPY.removed}
          action={() => guardianActions.remove({ id: editing.guardian.id })}
          onClose={close}
        />
      ) : null}
      {editing?.mode === "revoke" ? (
        <ConfirmGuardianDialog
          title={`Revoke ${editing.guardian.name}'s links?`}
          description="Every link they hold to your children's pages stops working at once. They can still ask for a fresh link by email while they remain your guardian."
          confirmLabel="Revoke links"
          busyLabel="Revoking..."
          success="Links revoked"
          action={() => guardianActions.revokeLinks({ id: editing.guardian.id })}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
