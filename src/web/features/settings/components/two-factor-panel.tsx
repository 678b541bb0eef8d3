import { ShieldCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "../../../components/ui/toast";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useTwoFactorMutations } from "../api/two-factor";
import { BackupCodes } from "./backup-codes";

type Enrolment = { qrCode: string; secret: string; backupCodes: string[] };

/** Two-factor sign-in with an authenticator app: enrol (QR + confirmation code), backup codes, disable. */
export function TwoFactorPanel({ enabled, email }: { enabled: boolean; email: string }) {
  const mutations = useTwoFactorMutations();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(action: () => Promise<T>) {
    setError(null);
    try {
      return await action();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "Something went wrong. Please try again.");
      return undefined;
    }
  }

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const started = await run(() => mutations.start.mutateAsync({ password }));
    if (!started) return;
    const QRCode = await import("qrcode");
    const secret = new URL(started.totpURI).searchParams.get("secret") ?? "";
    setEnrolment({ qrCode: await QRCode.toDataURL(started.totpURI, { margin: 1, width: 220 }), secret, backupCodes: started.backupCodes });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await run(() => mutations.confirm.mutateAsync({ code: code.replace(/\s+/g, "") })))) return;
    toast.success("Two-step verification is on");
    setShownCodes(enrolment?.backupCodes ?? null);
    setEnrolment(null);
    setPassword("");
    setCode("");
  }

  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await run(() => mutations.disable.mutateAsync({ password })))) return;
    toast.success("Two-step verification is off");
    setPassword("");
    setShownCodes(null);
  }

  async function regenerate() {
    const result = await run(() => mutations.backupCodes.mutateAsync({ password }));
    if (result) setShownCodes(result.backupCodes);
  }

  const passwordField = <TextField label="Password" type="password" name="twoFactorPassword" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />;

  return (
    <div className="flex flex-col gap-5 border-t border-sand-soft pt-5">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-6 shrink-0 text-accent-dark" aria-hidden="true" />
        <div>
          <h3 className="font-semibold">Two-step verification {enabled ? <span className="ml-1 rounded-full bg-success-soft px-2 py-0.5 text-sm text-success">On</span> : null}</h3>
          <p className="text-sm text-olive-dark">Sign-in also asks for a 6-digit code from an authenticator app, so a stolen password is not enough. Backup codes, each good for one sign-in, get you in if you lose your phone.</p>
        </div>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {shownCodes ? <BackupCodes codes={shownCodes} email={email} /> : null}
      {enrolment ? (
        <form className="flex flex-col gap-4" onSubmit={(event) => void confirm(event)} noValidate aria-label="Confirm two-step verification">
          <p className="text-sm">Scan this code with your authenticator app, then enter the 6-digit code it shows.</p>
          <img src={enrolment.qrCode} alt="QR code for your authenticator app" width={220} height={220} className="rounded-lg border border-sand-soft" />
          <p className="text-sm text-olive-dark">
            Can't scan? Enter this key: <code className="font-mono break-all" data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <TextField label="Code from the app" name="totpCode" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(event) => setCode(event.target.value)} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={mutations.confirm.isPending} busyLabel="Checking..." disabled={!code.trim()}>
              Turn on
            </Button>
            <Button variant="secondary" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : enabled ? (
        <form className="flex flex-col gap-4" onSubmit={(event) => void disable(event)} noValidate aria-label="Manage two-step verification">
          {passwordField}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void regenerate()} disabled={!password} busy={mutations.backupCodes.isPending} busyLabel="Creating...">
              New backup codes
            </Button>
            <Button type="submit" variant="danger" disabled={!password} busy={mutations.disable.isPending} busyLabel="Turning off...">
              Turn off
            </Button>
          </div>
        </form>
      ) : (
        <form className="flex flex-col gap-4" onSubmit={(event) => void start(event)} noValidate aria-label="Set up two-step verification">
          {passwordField}
          <Button type="submit" className="self-start" disabled={!password} busy={mutations.start.isPending} busyLabel="Starting...">
            Set up two-step verification
          </Button>
        </form>
      )}
    </div>
  );
}
