import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useCancelSubscription, useResumeSubscription } from "../api/cancel-subscription";
import { formatBillingDate } from "./billing-dates";

/**
 * 'Cancel subscription' (confirmed in a dialog naming what stays) or, once cancelled, 'Resume subscription'
 * while the period still runs. On /pricing and in Settings' Billing section.
 */
export function SubscriptionActions({ subscriptionId, cancelled, periodEnd }: { subscriptionId: string; cancelled: boolean; periodEnd: string | null }) {
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {!cancelled ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel subscription
        </Button>
      ) : (
        <Button onClick={() => resume.mutate(subscriptionId)} busy={resume.isPending} busyLabel="Resuming…">
          Resume subscription
        </Button>
      )}
      {resume.isError ? <Alert>{resume.error.message}</Alert> : null}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your subscription?"
        description={`You keep access until ${formatBillingDate(periodEnd)}. After that, memories are locked for viewing but never deleted, and you can download everything any time.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my plan
            </Button>
            <Button variant="danger" busy={cancel.isPending} onClick={() => cancel.mutate(subscriptionId, { onSuccess: () => setConfirming(false) })}>
              Cancel subscription
            </Button>
          </>
        }
      >
        {cancel.isError ? <Alert>{cancel.error.message}</Alert> : null}
      </Dialog>
    </>
  );
}
