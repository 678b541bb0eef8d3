import { Button } from "./button";

/** The row of a form's buttons: stacked on phones with the main one on top, side by side at the right from `sm`. */
export const ACTIONS_ROW = "flex flex-col-reverse gap-3 sm:flex-row sm:justify-end";

/** A form's Cancel and submit buttons; both wait while it saves. */
export function FormActions({ submitLabel, pending, onCancel }: { submitLabel: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className={ACTIONS_ROW}>
      <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" busy={pending} busyLabel="Saving...">
        {submitLabel}
      </Button>
    </div>
  );
}
