import { toast } from "../../../components/ui/toast";
import { type Child, CHILDREN_COPY } from "../../../../shared/children";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useDeleteChild } from "../api/delete-child";

export function DeleteChildDialog({ child, onClose }: { child: Child; onClose: () => void }) {
  const deleteChild = useDeleteChild();

  async function confirm() {
    try {
      await deleteChild.mutateAsync({ id: child.id });
      toast.success(CHILDREN_COPY.deleted);
      onClose();
    } catch {
      toast.error(CHILDREN_COPY.deleteFailed);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !deleteChild.isPending && onClose()}
      title={`Delete ${child.name}?`}
      description={CHILDREN_COPY.confirmDelete}
      hideClose={deleteChild.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deleteChild.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} busy={deleteChild.isPending} busyLabel="Deleting...">
            Delete
          </Button>
        </>
      }
    />
  );
}
