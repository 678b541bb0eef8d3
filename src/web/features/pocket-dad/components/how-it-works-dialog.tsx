import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import { POCKET_DAD_COPY } from "../../../../shared/pocket-dad";

const STEPS = [
  "Pick the child.",
  "Describe what is happening in 1-2 lines.",
  "Tap Engage Dad Brain.",
  "Adjust with Softer, Funnier or Shorter.",
  "Then Record, Text or Edit.",
];

/** 'How Pocket Dad Works': closes on Escape, a backdrop click or 'Got it'. */
export function HowItWorksDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={POCKET_DAD_COPY.helpTitle}
      description={POCKET_DAD_COPY.helpHint}
      footer={
        <DialogClose asChild>
          <Button>Got it</Button>
        </DialogClose>
      }
    >
      <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-[0.9375rem]">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="rounded-lg bg-paper-warm px-3 py-2.5 text-sm text-ink-soft">
        Pocket Dad remembers your Dad Mode balance (Patience, Growth, Calm), the refinements you use most, your common phrases and each
        child's context (age, name, pronouns). It's private to you, and you can clear it any time in Settings.
      </p>
    </Dialog>
  );
}
