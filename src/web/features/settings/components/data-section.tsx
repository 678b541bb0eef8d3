import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useDeleteAccount } from "../api/delete-account";
import { SettingsSection } from "./settings-section";

/** `exportPanel`: 'Download everything' (the export feature), shown in the section and again in the deletion dialog. */
export function DataSection({ exportPanel }: { exportPanel?: (placement: "section" | "dialog") => ReactNode }) {
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  async function confirm() {
    try {
      await deleteAccount.mutateAsync();
      queryClient.clear();
      toast.success("Your account has been deleted.");
      void navigate("/", { replace: true });
    } catch {
      toast.error("We couldn't delete your account. Please try again.");
    }
  }

  return (
    <SettingsSection id="data" title="Data management" description="Your data is hosted in the U.S. Deleting your account removes it for good.">
      {exportPanel ? <div className="border-b border-sand-soft pb-5">{exportPanel("section")}</div> : null}
      <Button variant="danger" className="self-start" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !deleteAccount.isPending && setOpen(next)}
        title="Delete your account?"
        description="This removes your profile, your children, every video, narration and note, and every file you stored. Every guardian's link to your children's pages stops working at once, and nothing more is sent to them. Any subscription is cancelled. This cannot be undone."
        hideClose={deleteAccount.isPending}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={deleteAccount.isPending}>
              Keep my account
            </Button>
            <Button variant="danger" disabled={!confirmed} onClick={() => void confirm()} busy={deleteAccount.isPending} busyLabel="Deleting...">
              Delete everything
            </Button>
          </>
        }
      >
        {exportPanel ? <div className="mb-5 rounded-lg border border-sand-soft p-4">{exportPanel("dialog")}</div> : null}
        <label className="flex min-h-11 items-center gap-2 text-sm">
          {/* The box sits in a 44 px touch target (the whole label toggles it too). */}
          <span className="-ml-2.5 inline-flex size-11 shrink-0 items-center justify-center" data-testid="delete-confirm-target">
            <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} className="size-6 accent-danger" />
          </span>
          I understand that my account and all my memories will be deleted permanently.
        </label>
      </Dialog>
    </SettingsSection>
  );
}
