import { useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";

export type GiftCodeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (code: string) => void;
};

const GIFT_CODE_LENGTH = 13;
const GIFT_CODE_PATTERN = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{13}$/;

/**
 * Gift-code modal shell. For now it checks the code's format only; the server check
 * ('Valid' / 'Invalid' with a spinner, GET /api/gift-codes/check) arrives with the gifts work.
 */
export function GiftCodeDialog({ open, onOpenChange, onConfirm }: GiftCodeDialogProps) {
  const [code, setCode] = useState("");
  const inputId = useId();
  const noteId = useId();

  function handleOpenChange(next: boolean) {
    if (!next) setCode("");
    onOpenChange(next);
  }

  const formatOk = GIFT_CODE_PATTERN.test(code);

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Redeem a gift code"
      description="Enter the code from your gift email. It's applied to your new account."
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => handleOpenChange(false)}
          >
            Cancel
          </Button>
          <Button disabled={!formatOk} onClick={() => {
              onConfirm(code);
              setCode("");
            }}>
            Continue
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-ink">
          Gift code
        </label>
        <input
          id={inputId}
          value={code}
          onChange={(event) =>
            setCode(event.target.value.toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, GIFT_CODE_LENGTH))
          }
          placeholder="GIFT-CODE-HERE"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={noteId}
          className="min-h-11 w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 font-mono text-lg tracking-widest text-ink uppercase placeholder:text-olive-dark/70 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
        />
        <p id={noteId} className="text-sm text-olive-dark">
          Gift codes are case-insensitive and expire after one use.
        </p>
      </div>
    </Dialog>
  );
}
