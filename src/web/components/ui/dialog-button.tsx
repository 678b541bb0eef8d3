import type { LucideIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "./button";

export type DialogState = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A secondary button with an icon that opens a dialog (a child card's 'Keepsake card', 'Own address'): it holds the
 * open state and hands it to the dialog it renders, which loads what it needs only while open.
 */
export function DialogButton({ icon: Icon, label, ariaLabel, children }: { icon: LucideIcon; label: string; ariaLabel: string; children: (dialog: DialogState) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={ariaLabel}>
        <Icon className="size-5" aria-hidden="true" />
        {label}
      </Button>
      {children({ open, onOpenChange: setOpen })}
    </>
  );
}
