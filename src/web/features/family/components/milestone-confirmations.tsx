import { useState } from "react";
import { CONFIRMATION_UNDO_HOURS, type DadConfirmation } from "../../../../shared/guardians";
import { Button } from "../../../components/ui/button";
import { undoConfirmation, useConfirmations } from "../api/confirmations";
import { ConfirmGuardianDialog } from "./confirm-guardian-dialog";
import { shortDay } from "./memory-deliveries";

function status(confirmation: DadConfirmation) {
  if (confirmation.locked === "delivered") return "Delivered: it stays delivered.";
  if (confirmation.locked === "too-late") return `More than ${CONFIRMATION_UNDO_HOURS} hours ago: it can no longer be undone.`;
  return confirmation.openedMemory ? "The memory has opened; not delivered yet." : "Waiting for more guardians to confirm.";
}

/** Family delivery › the guardians' 'This has happened' on sealed milestones, each with 'Undo' while it can be undone. */
export function MilestoneConfirmations() {
  const confirmations = useConfirmations();
  const [undoing, setUndoing] = useState<DadConfirmation | null>(null);
  if (confirmations.isPending || (confirmations.isSuccess && confirmations.data.confirmations.length === 0)) return null;
  return (
    <section aria-labelledby="milestone-confirmations" className="flex flex-col gap-2 border-t border-sand-soft pt-4">
      <h3 id="milestone-confirmations" className="font-semibold">
        Milestones confirmed by guardians
      </h3>
      {confirmations.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-danger" role="alert">
          We couldn't load the milestone confirmations.
          <Button variant="ghost" onClick={() => void confirmations.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-olive-dark">You can undo a confirmation within {CONFIRMATION_UNDO_HOURS} hours, as long as the memory has not been delivered yet.</p>
          <ul className="flex flex-col divide-y divide-sand-soft" aria-label="Milestone confirmations">
            {confirmations.data.confirmations.map((confirmation) => (
              <li key={confirmation.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div className="flex min-w-0 flex-col">
                  <span>
                    <span className="font-medium">{confirmation.guardianName}</span> confirmed “{confirmation.milestone}”{confirmation.childName ? ` for ${confirmation.childName}` : ""} on{" "}
                    {shortDay(confirmation.confirmedAt)}
                  </span>
                  <span className="text-sm text-olive-dark">{status(confirmation)}</span>
                </div>
                {confirmation.undoable ? (
                  <Button variant="secondary" onClick={() => setUndoing(confirmation)} aria-label={`Undo ${confirmation.guardianName}'s confirmation of ${confirmation.milestone}`}>
                    Undo
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
      {undoing ? (
        <ConfirmGuardianDialog
          title={`Undo ${undoing.guardianName}'s confirmation?`}
          description={
            undoing.openedMemory
              ? `“${undoing.milestone}” will be sealed again for ${undoing.childName || "this child"} and nothing will be delivered for them. It opens for them when enough of their guardians confirm it again, or when you mark it reached.`
              : `“${undoing.milestone}” stays sealed for ${undoing.childName || "this child"}, and ${undoing.guardianName}'s confirmation no longer counts.`
          }
          confirmLabel="Undo confirmation"
          busyLabel="Undoing..."
          success="Confirmation undone"
          action={() => undoConfirmation({ id: undoing.id })}
          onClose={() => setUndoing(null)}
        />
      ) : null}
    </section>
  );
}
