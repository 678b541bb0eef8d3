import { toast } from "../../../components/ui/toast";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useGuardianAction } from "../api/guardian-actions";

export const errorMessage = (cause: unknown) => (cause instanceof Error ? cause.message : "Something went wrong. Please try again.");

/** A destructive action on a guardian or a confirmation, asked once more before it is done. */
export function ConfirmGuardianDialog(props: { title: string; description: string; confirmLabel: string; busyLabel: string; success: string; action: () => Promise<unknown>; onClose: () => void }) {
  const mutation = useGuardianAction(props.action);
  async function confirm() {
    try {
      await mutation.mutateAsync(undefined);
      toast.success(props.success);
      props.onClose();
    } catch (cause) {
      toast.error(errorMessage(cause));
    }
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !mutation.isPending && props.onClose()}
      title={props.title}
      description={props.description}
      hideClose={mutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={mutation.isPending} busyLabel={props.busyLabel}>
            {props.confirmLabel}
          </Button>
        </>
      }
    />
  );
}
