import { Printer } from "lucide-react";
import { useId, useState } from "react";
import { keepsakeCardQuerySchema } from "../../../../shared/export";
import { Button, buttonClassName } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";

/** 'Keepsake card' on a child's card: a short line from Dad, a paper size, then the PDF. */
export function KeepsakeCardButton({ child }: { child: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const [line, setLine] = useState("");
  const [size, setSize] = useState<"a6" | "letter">("a6");
  const sizeName = useId();
  const parsed = keepsakeCardQuerySchema.safeParse({ line, size });
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
  const href = `/api/children/${encodeURIComponent(child.id)}/keepsake-card?${new URLSearchParams({ size, line: line.trim() }).toString()}`;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Keepsake card for ${child.name}`}>
        <Printer className="size-5" aria-hidden="true" />
        Keepsake card
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`A keepsake card for ${child.name}`}
        description="A printable card to keep with important papers. Its QR code and claim code let a guardian ask for a fresh link to be emailed to them; the card itself opens nothing."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            {error ? (
              <Button disabled>Download PDF</Button>
            ) : (
              <a href={href} download className={buttonClassName({ variant: "primary" })}>
                Download PDF
              </a>
            )}
          </>
        }
      >
        <div className="flex flex-col gap-5">
          <TextField label="A short line from you (optional)" value={line} maxLength={160} onChange={(event) => setLine(event.target.value)} error={error} hint="For example: “Everything I wanted to tell you is here.”" />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Paper size</legend>
            {(
              [
                ["a6", "A6 postcard (105 × 148 mm)"],
                ["letter", "US letter, to cut out"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-sm">
                <input type="radio" name={sizeName} value={value} checked={size === value} onChange={() => setSize(value)} className="size-5 accent-ink" />
                {label}
              </label>
            ))}
          </fieldset>
        </div>
      </Dialog>
    </>
  );
}
