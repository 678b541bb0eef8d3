import { clsx } from "clsx";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { ACTIONS_ROW } from "./form-actions";

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** Hide the close (X) button, e.g. while something is saving. */
  hideClose?: boolean;
  className?: string;
};

/** Accessible modal dialog on Radix: focus trap, Escape and backdrop close, labelled title. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  hideClose = false,
  className,
}: DialogProps) {
  // Opened from state, not from a Radix trigger: Radix would leave focus on <body> when it closes,
  // so the element that had focus when it opened (the card, the button) gets it back.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/45 data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          className={clsx(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)]",
            // clsx does not merge Tailwind classes: a caller's own max-w-* replaces the default.
            !className?.includes("max-w-") && "max-w-md",
            "-translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-sand-soft",
            "bg-white p-6 text-ink shadow-float data-[state=open]:animate-pop-in focus:outline-none",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-xl font-semibold tracking-tight">{title}</RadixDialog.Title>
            {hideClose ? null : (
              <RadixDialog.Close
                className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-olive-dark hover:bg-mist-soft hover:text-ink"
                aria-label="Close"
              >
                <X className="size-5" aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description className="-mt-2 text-sm text-olive-dark">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className={clsx("mt-2", ACTIONS_ROW)}>{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
