import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { SUBSCRIBE_COPY } from "../../../../shared/dad-moves";
import { Dialog } from "../../../components/ui/dialog";
import { SubscribeForm } from "./subscribe-form";

export type SubscribeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** true: close on success with a toast (/five-minutes); false: stay open with the confirmation (/b). */
  closeOnSuccess: boolean;
};

/** The Dad Moves email dialog. It cannot be closed while the email is being sent. */
export function SubscribeDialog({ open, onOpenChange, closeOnSuccess }: SubscribeDialogProps) {
  const [sending, setSending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!sending) onOpenChange(next);
      }}
      hideClose={sending}
      title={SUBSCRIBE_COPY.dialogTitle}
      description="A year's worth of small, doable dad moves as a free PDF, plus one in your inbox each week. We'll tell you when the app launches."
    >
      <SubscribeForm
        buttonLabel="Send me the PDF"
        errorMessage={SUBSCRIBE_COPY.dialogError}
        successMessage={closeOnSuccess ? undefined : SUBSCRIBE_COPY.stayOpenSuccess}
        onSendingChange={setSending}
        onSuccess={() => {
          if (!closeOnSuccess) return;
          toast.success(SUBSCRIBE_COPY.listSuccess);
          onOpenChange(false);
        }}
      />
      <p className="text-sm text-olive-dark">No spam. Unsubscribe with one click.</p>
    </Dialog>
  );
}
