import { Check, Gift, X } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { AUTH_COPY, SIGNUP_BENEFITS, TAGLINES } from "../../../../shared/copy";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextLink, textLinkClassName } from "../../../components/ui/text-link";
import { usePublicConfig } from "../api/get-config";
import { toAuthError } from "../auth-errors";
import { parsePlanIntent, storePlanIntent } from "../plan-intent";
import { useAuthRequest } from "../use-auth-request";
import { firstSignUpURL } from "../use-sign-up-landing";
import { EmailField } from "./email-field";
import { EmailSent } from "./email-sent";
import { focusFirstInvalid } from "./focus-first-invalid";
import { GoogleSignIn } from "./google-button";
import { NewPasswordFields, useNewPassword } from "./new-password-fields";
import { trackPixel } from "../../../lib/analytics";
import { recordConversion } from "../../../lib/experiment";

export type GiftCodeDialogSlotProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with a code the dialog has accepted. */
  onConfirm: (code: string) => void;
};

export type SignupFormProps = {
  /** The gift-code modal, supplied by the route (features do not import each other). */
  renderGiftCodeDialog?: (props: GiftCodeDialogSlotProps) => ReactNode;
};

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export function SignupForm({ renderGiftCodeDialog }: SignupFormProps) {
  const [searchParams] = useSearchParams();
  const config = usePublicConfig();

  const [email, setEmail] = useState("");
  const newPassword = useNewPassword();
  const { busy, error, setError, run } = useAuthRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [giftDialogOpen, setGiftDialogOpen] = useState(false);
  const [giftCode, setGiftCode] = useState("");

  // Keep the plan chosen on a marketing page for after sign-in.
  const plan = parsePlanIntent(searchParams.get("plan"));
  useEffect(() => {
    if (plan) storePlanIntent(plan);
  }, [plan]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!newPassword.validate()) {
      focusFirstInvalid(event.currentTarget);
      return;
    }

    await run(async (authClient) => {
      const trimmedEmail = email.trim();
      const { error: signUpError } = await authClient.signUp.email({
        email: trimmedEmail,
        password: newPassword.password,
        name: "",
        timeZone: browserTimeZone(),
        // The confirmation link often opens in a new tab (no sessionStorage): carry the gift code
        // (redeemed as soon as the account is confirmed) or the plan in it.
        callbackURL: giftCode ? giftRedemptionURL : firstSignUpURL(plan),
      } as Parameters<typeof authClient.signUp.email>[0]);
      if (signUpError) {
        setError(toAuthError(signUpError));
        return;
      }
      setSentTo(trimmedEmail);
      trackPixel("Lead");
      void recordConversion("signup");
    });
  }

  const giftRedemptionURL = `/activate-gift-code?giftcode=${encodeURIComponent(giftCode)}`;

  return (
    <div className="flex flex-1 bg-paper-warm">
      {/* One column that never grows past the screen on a phone: a long gift code is cut short with an ellipsis instead of widening the card. */}
      <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 sm:py-16 md:grid-cols-[1fr_minmax(0,28rem)] md:items-center md:gap-12">
        <section className="flex flex-col gap-5">
          <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">
            Your first month is on us
          </p>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl lg:text-5xl">
            {TAGLINES.signup}
          </h1>
          <p className="max-w-md text-base text-olive-dark sm:text-lg">
            Record videos, voice notes and letters for your kids. Keep them safe until the day
            they need them.
          </p>
          <ul className="flex flex-col gap-3" aria-label="What you get">
            {SIGNUP_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-center gap-3 text-base font-medium text-ink">
                <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
                  <Check className="size-4" strokeWidth={3} aria-hidden="true" />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-label="Create your account"
          className="rounded-xl border border-sand-soft bg-white p-6 shadow-[0_1px_2px_rgb(53_53_53/0.04)] sm:p-8"
        >
          {sentTo ? (
            <EmailSent title={AUTH_COPY.checkEmail}>
              <p className="text-sm text-olive-dark">
                We sent it to <strong className="font-semibold text-ink">{sentTo}</strong>. The link
                signs you in and takes you to your dashboard.
              </p>
              {config.devMailbox ? (
                <a href="/dev/mailbox" className={textLinkClassName}>
                  Open the development mailbox
                </a>
              ) : null}
            </EmailSent>
          ) : (
            <div className="flex flex-col gap-5">
              <h2 className="text-xl font-semibold text-ink">Create your account</h2>
              {error ? <Alert>{error.message}</Alert> : null}

              <GoogleSignIn
                callbackURL={giftCode ? giftRedemptionURL : "/dashboard"}
                newUserCallbackURL={giftCode ? giftRedemptionURL : firstSignUpURL()}
                onError={(message) => setError({ code: null, message })}
              />

              <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)}>
                <EmailField value={email} onChange={setEmail} />
                <NewPasswordFields
                  newPassword={newPassword}
                  labels={{ password: "Password", confirm: "Confirm password" }}
                  names={{ password: "password", confirm: "confirmPassword" }}
                  hint="At least 8 characters."
                />

                {giftCode ? (
                  <div className="flex items-center justify-between gap-3 rounded-lg border border-accent/40 bg-accent-soft px-3 py-2 text-sm text-ink">
                    <span className="flex min-w-0 items-center gap-2">
                      <Gift className="size-4 shrink-0 text-accent-dark" aria-hidden="true" />
                      <span className="truncate">
                        Gift code <strong className="font-semibold tabular-nums">{giftCode}</strong>
                      </span>
                    </span>
                    <button
                      type="button"
                      onClick={() => setGiftCode("")}
                      className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-olive-dark hover:bg-white hover:text-ink"
                      aria-label="Remove gift code"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                ) : null}

                <Button
                  type="submit"
                  fullWidth
                  size="lg"
                  busy={busy}
                  busyLabel={AUTH_COPY.creatingAccount}
                  className="mt-1"
                >
                  {AUTH_COPY.createAccount}
                </Button>
              </form>

              <div className="flex flex-col items-center gap-1 border-t border-sand-soft pt-4 text-center text-sm">
                {renderGiftCodeDialog ? (
                  <button
                    type="button"
                    onClick={() => setGiftDialogOpen(true)}
                    className={`${textLinkClassName} inline-flex min-h-11 items-center gap-2`}
                  >
                    <Gift className="size-4" aria-hidden="true" />
                    {AUTH_COPY.redeemGiftCode}
                  </button>
                ) : null}
                <p className="text-olive-dark">{AUTH_COPY.noGiftCode}</p>
              </div>
            </div>
          )}
        </section>

        <p className="text-center text-sm text-olive-dark md:col-span-2">
          Already have an account? <TextLink to="/login">Log in</TextLink>
        </p>
      </div>

      {renderGiftCodeDialog
        ? renderGiftCodeDialog({
            open: giftDialogOpen,
            onOpenChange: setGiftDialogOpen,
            onConfirm: (code) => {
              setGiftCode(code);
              setGiftDialogOpen(false);
            },
          })
        : null}
    </div>
  );
}
