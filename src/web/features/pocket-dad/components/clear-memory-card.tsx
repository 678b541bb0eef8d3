import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog, DialogClose } from "../../../components/ui/dialog";
import { useClearPocketDadMemory } from "../api/clear-memory";

/** Settings: 'Clear Pocket Dad memory' (history and preferences), confirmed first. */
export function ClearPocketDadMemoryCard({ userId }: { userId: string | undefined }) {
  const [open, setOpen] = useState(false);
  const clear = useClearPocketDadMemory(userId);
  return (
    <Card className="flex flex-col gap-3 p-5">
      <h2 className="text-lg font-semibold">Pocket Dad memory</h2>
      <p className="text-sm text-olive-dark">Pocket Dad keeps your past questions and answers and your preferred tone, privately, so its advice fits you.</p>
      <Button variant="secondary" onClick={() => setOpen(true)} className="self-start">
        Clear Pocket Dad memory
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Clear Pocket Dad memory?"
        description="This deletes every saved Pocket Dad question and answer, your likes and your tone settings. Messages you planned to record stay."
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              variant="danger"
              busy={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => {
                    setOpen(false);
                    toast.success("Pocket Dad memory cleared.");
                  },
                  onError: () => toast.error("We couldn't clear it. Try again."),
                })
              }
            >
              Clear memory
            </Button>
          </>
        }
      />
    </Card>
  );
}
