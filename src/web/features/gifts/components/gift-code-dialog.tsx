import { CircleCheck, CircleX } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { GIFT_CODE_LENGTH, normalizeGiftCode } from "../../../../shared/gift-code";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useCheckGiftCode } from "../api/check-gift-code";

export type GiftCodeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (code: string) => void;
};

/** Waits for typing to pause before the code is checked with the server. */
function useDebounced(value: string, delayMs: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * The signup gift-code modal (spec 000 §2): upper-cases as typed, checks with the server
 * (spinner, then 'Valid' / 'Invalid'); Continue only for a valid code; Cancel clears it.
 */
export function GiftCodeDialog({ open, onOpenChange, onConfirm }: GiftCodeDialogProps) {
  const [code, setCode] = useState("");
  const checkedCode = useDebounced(code, 250);
  const check = useCheckGiftCode(checkedCode);
  const inputId = useId();
  const statusId = useId();
  const noteId = useId();

  function handleOpenChange(next: boolean) {
    if (!next) setCode("");
    onOpenChange(next);
  }

  const settled = checkedCode === code;
  const status =
    code === ""
      ? null
      : code.length !== GIFT_CODE_LENGTH
        ? code.length > GIFT_CODE_LENGTH
          ? "invalid"
          : "typing"
        : !settled || check.isFetching
          ? "checking"
          : check.isError
            ? "error"
            : check.data?.valid
              ? "valid"
              : "invalid";

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title="Redeem a gift code"
      description="Enter the code from your gift email. It's applied as soon as you confirm your account."
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={status !== "valid"}
            onClick={() => {
              onConfirm(code);
              setCode("");
            }}
          >
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
          onChange={(event) => setCode(normalizeGiftCode(event.target.value).slice(0, GIFT_CODE_LENGTH + 1))}
          placeholder="GIFT-CODE-HERE"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={`${statusId} ${noteId}`}
          aria-invalid={status === "invalid" ? true : undefined}
          className="min-h-11 w-full rounded-lg border border-sand bg-white px-3.5 py-2.5 font-mono text-lg tracking-widest text-ink uppercase placeholder:text-olive-dark/70 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
        />
        <p id={statusId} aria-live="polite" className="flex min-h-6 items-center gap-1.5 text-sm font-medium">
          {status === "typing" ? (
            <span className="text-olive-dark tabular-nums">
              {code.length}/{GIFT_CODE_LENGTH}
            </span>
          ) : status === "checking" ? (
            <span className="flex items-center gap-1.5 text-olive-dark">
              <Spinner className="size-4" /> Checking...
            </span>
          ) : status === "valid" ? (
            <span className="flex items-center gap-1.5 text-success">
              <CircleCheck className="size-4" aria-hidden="true" /> Valid
            </span>
          ) : status === "invalid" ? (
            <span className="flex items-center gap-1.5 text-danger">
              <CircleX className="size-4" aria-hidden="true" /> Invalid
            </span>
          ) : status === "error" ? (
            <span className="text-danger">We couldn't check the code. Please try again.</span>
          ) : null}
        </p>
        <p id={noteId} className="text-sm text-olive-dark">
          Gift codes are case-insensitive and expire after one use.
        </p>
      </div>
    </Dialog>
  );
}
