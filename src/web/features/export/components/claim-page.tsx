import { useEffect, useRef, useState } from "react";
import { claimCodeSchema, EXPORT_COPY } from "../../../../shared/export";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { apiRequest } from "../../../lib/api-client";

const sendClaim = (code: string) => apiRequest<{ ok: true }>("/api/claims", { method: "POST", body: { code } });

/** Where a keepsake card's QR code lands (/claim/<code>), or where its code is typed (/claim). Reveals nothing about the code. */
export function ClaimPage({ code }: { code?: string }) {
  const [state, setState] = useState<"form" | "sending" | "sent" | "error">(code ? "sending" : "form");
  const [typed, setTyped] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const sentFor = useRef<string | null>(null);

  async function claim(value: string) {
    setState("sending");
    try {
      await sendClaim(value);
      setState("sent");
    } catch {
      setState("error");
    }
  }

  useEffect(() => {
    if (!code || sentFor.current === code) return;
    sentFor.current = code;
    void claim(code);
  }, [code]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!claimCodeSchema.safeParse(typed).success) {
      setFieldError("Type the 10 letters and numbers printed under the QR code.");
      return;
    }
    setFieldError(null);
    void claim(typed);
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 rounded-xl border border-sand-soft bg-white p-6 sm:p-8">
      <h1 className="text-2xl font-semibold">A keepsake card</h1>
      {state === "sent" ? (
        <Alert tone="success" title={EXPORT_COPY.claimSent}>
          The link goes only to the guardians Dad chose, by email. You can close this page.
        </Alert>
      ) : state === "sending" ? (
        <p role="status">Sending...</p>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <p className="text-olive-dark">Type the claim code printed on the card. A fresh private link is then emailed to the family's guardians.</p>
          {state === "error" ? <Alert title="We couldn't send that. Please try again." /> : null}
          <TextField label="Claim code" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} error={fieldError} />
          <Button type="submit" className="self-start">
            Send the link
          </Button>
        </form>
      )}
    </div>
  );
}
