import { Mail } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { HANDOVER_AGE_MAX, HANDOVER_AGE_MIN, OWN_KEY_COPY, ownAddressSchema } from "../../../../shared/child-key";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { DialogButton, type DialogState } from "../../../components/ui/dialog-button";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-client";
import { useNameOwnAddress, useOwnKey, useSetHandoverAge, useWithdrawOwnAddress } from "../api/own-key";

const failure = (error: unknown) => (isApiError(error) ? error.message : "Something went wrong. Please try again.");

/**
 * '<child>'s own address' on a child's card: the child's own addresses (named here from 13, or let in by the keepsake
 * card), each withdrawable, and the birthday on which the child's page is handed to the child.
 */
export function OwnKeyButton({ child }: { child: { id: string; name: string } }) {
  return (
    <DialogButton icon={Mail} label="Own address" ariaLabel={`${child.name}'s own address`}>
      {(dialog) => <OwnKeyDialog child={child} {...dialog} />}
    </DialogButton>
  );
}

function OwnKeyDialog({ child, open, onOpenChange }: { child: { id: string; name: string } } & DialogState) {
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const ageId = useId();
  const ownKey = useOwnKey(child.id, open);
  const name = useNameOwnAddress(child.id);
  const withdraw = useWithdrawOwnAddress(child.id);
  const setAge = useSetHandoverAge(child.id);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = ownAddressSchema.safeParse({ email });
    if (!checked.success) return setEmailError(checked.error.issues[0]?.message ?? null);
    setEmailError(null);
    try {
      await name.mutateAsync(checked.data);
      setEmail("");
      toast.success(`Sent: ${child.name} gets a link to confirm the address`);
    } catch (error) {
      setEmailError(failure(error));
    }
  }

  async function confirmWithdraw(address: string) {
    try {
      await withdraw.mutateAsync({ email: address });
      setWithdrawing(null);
      toast.success(`${address} no longer receives ${child.name}'s messages`);
    } catch (error) {
      toast.error(failure(error));
    }
  }

  const status = ownKey.data;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${child.name}'s own address`}
      description={OWN_KEY_COPY.why}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      {ownKey.isPending ? (
        <p className="text-sm text-olive-dark">Loading…</p>
      ) : ownKey.isError || !status ? (
        <Alert title="We couldn't load this. Please close and try again." />
      ) : (
        <div className="flex flex-col gap-5">
          <section aria-labelledby={`${ageId}-addresses`} className="flex flex-col gap-2">
            <h3 id={`${ageId}-addresses`} className="text-sm font-medium">
              Addresses that receive {child.name}'s messages
            </h3>
            {status.addresses.length === 0 ? (
              <p className="text-sm text-olive-dark">None yet. {child.name} can also ask from the keepsake card.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {status.addresses.map((address) => (
                  <li key={address.email} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-mist p-3">
                    <span className="min-w-0 flex-1 break-all">
                      {address.email}
                      <span className="block text-sm text-olive-dark">{address.state === "confirmed" ? "Confirmed" : `Waiting for ${child.name} to confirm`}</span>
                    </span>
                    {withdrawing === address.email ? (
                      <span className="flex flex-wrap items-center gap-2" role="group" aria-label={`Withdraw ${address.email}?`}>
                        <Button variant="danger" disabled={withdraw.isPending} onClick={() => void confirmWithdraw(address.email)}>
                          Withdraw
                        </Button>
                        <Button variant="secondary" onClick={() => setWithdrawing(null)}>
                          Keep
                        </Button>
                      </span>
                    ) : (
                      <Button variant="secondary" onClick={() => setWithdrawing(address.email)} aria-label={`Withdraw ${address.email}`}>
                        Withdraw
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {withdrawing ? <p className="text-sm text-olive-dark">{`${withdrawing} stops receiving ${child.name}'s messages, and its link to ${child.name}'s page stops working.`}</p> : null}
          </section>
          {status.canNameAddress ? (
            <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
              <TextField
                label={`${child.name}'s email address`}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={emailError}
                hint={`${child.name} gets a link to confirm it, then every message that opens for ${child.name}.`}
              />
              <Button type="submit" className="self-start" disabled={name.isPending}>
                {name.isPending ? "Sending..." : "Send the link"}
              </Button>
            </form>
          ) : (
            <p className="text-sm">{OWN_KEY_COPY.tooYoung}</p>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${ageId}-age`} className="text-sm font-medium">
              Hand {child.name}'s page to {child.name} at
            </label>
            <select
              id={`${ageId}-age`}
              aria-describedby={`${ageId}-age-hint`}
              value={status.handoverAge}
              disabled={setAge.isPending}
              onChange={(event) =>
                void setAge.mutateAsync({ age: Number(event.target.value) }).then(
                  () => toast.success("Saved"),
                  (error: unknown) => toast.error(failure(error)),
                )
              }
              className="min-h-11 w-28 rounded-lg border border-sand bg-white px-3 py-2.5 text-base hover:border-olive focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark"
            >
              {Array.from({ length: HANDOVER_AGE_MAX - HANDOVER_AGE_MIN + 1 }, (_, i) => HANDOVER_AGE_MIN + i).map((age) => (
                <option key={age} value={age}>
                  {age}
                </option>
              ))}
            </select>
            <p id={`${ageId}-age-hint`} className="text-sm text-olive-dark">
              {status.handedOverAt
                ? `Handed to ${child.name} on ${new Date(status.handedOverAt).toLocaleDateString(undefined, { dateStyle: "long" })}.`
                : `On that birthday ${child.name} gets an email, “Your dad left you … messages”, with the link to the page, and the family is told.`}
            </p>
          </div>
        </div>
      )}
    </Dialog>
  );
}
