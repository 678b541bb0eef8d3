import { TAGLINES } from "../../../../shared/copy";
import { Dialog } from "../../../components/ui/dialog";
import { PlanChooser } from "./plan-chooser";

export type PricingModalProps = { open: boolean; onDismiss: () => void };

/** 'Keep building for them': shown when the free month is over without access (spec 000 §2, §4). */
export function PricingModal({ open, onDismiss }: PricingModalProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onDismiss())} title={TAGLINES.pricing} description="Add Unlimited Videos • Cancel Anytime">
      <PlanChooser signedIn />
      <button type="button" onClick={onDismiss} className="min-h-11 rounded-lg text-sm font-medium text-olive-dark underline-offset-4 hover:text-ink hover:underline">
        No thanks, maybe later
      </button>
      <p className="-mt-2 text-center text-xs text-olive-dark">Cancel anytime</p>
    </Dialog>
  );
}
