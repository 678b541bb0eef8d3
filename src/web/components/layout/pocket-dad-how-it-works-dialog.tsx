import { Dialog, DialogClose } from "../ui/dialog";
import { buttonClassName } from "../ui/button";

export type PocketDadHowItWorksDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

const STEPS = [
  "Pick the child this is about.",
  "Describe what's happening in 1-2 lines.",
  "Tap Engage Dad Brain.",
  "Adjust with Softer, Firmer, Shorter or Funnier.",
  "Then Record, Text or Edit what you'll say.",
];

/**
 * 'How Pocket Dad Works' (spec 002), for visitors from the header and inside Pocket Dad: closes on
 * Escape, a click outside, or 'Got it'. Every step and everything it says is remembered exists.
 */
export function PocketDadHowItWorksDialog({ open, onOpenChange }: PocketDadHowItWorksDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="How Pocket Dad Works"
      description="Five quick questions keep Pocket Dad tuned to you."
      footer={
        <DialogClose className={buttonClassName({ className: "w-full sm:w-auto" })}>Got it</DialogClose>
      }
    >
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-ink">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-sm text-olive-dark">
        Pocket Dad remembers the tone and the Softer/Firmer setting you last used and your past questions and answers,
        and it uses each child's name, age and profile note. It's private to you and you can clear it any time in
        Settings.
      </p>
    </Dialog>
  );
}
