import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import { trackEvent } from "../../../lib/analytics";

export const TEXT_COPIED = "Copied. Paste it into a message to send it.";
export const COPY_YOURSELF = "Your browser didn't let us copy it. Select the words below and copy them yourself.";

/**
 * 'Text': copies the 'Say this' line to send by message, with a toast. When the browser refuses
 * the Clipboard API (no permission, an insecure page, an old browser), a dialog shows the line
 * selected, ready to copy by hand.
 */
export function useTextLine() {
  const [fallback, setFallback] = useState<string | null>(null);
  async function copy(line: string) {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("No Clipboard API");
      await navigator.clipboard.writeText(line);
      trackEvent("pd_text_copied", { fallback: false });
      toast.success(TEXT_COPIED);
    } catch {
      trackEvent("pd_text_copied", { fallback: true });
      setFallback(line);
    }
  }
  const dialog = (
    <Dialog
      open={fallback !== null}
      onOpenChange={(open) => !open && setFallback(null)}
      title="Copy this line"
      description={COPY_YOURSELF}
      footer={
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      }
    >
      <label htmlFor="pd-text-line" className="sr-only">
        The line to send
      </label>
      <textarea
        id="pd-text-line"
        readOnly
        rows={4}
        value={fallback ?? ""}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-lg border border-sand bg-paper-warm px-3.5 py-2.5 text-base focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
      />
    </Dialog>
  );
  return { copy, dialog };
}
