import { clsx } from "clsx";
import { type FormEvent, useId, useState } from "react";
import { SUBSCRIBE_COPY } from "../../../../shared/dad-moves";
import { Button } from "../../../components/ui/button";
import { useSubscribe } from "../api/subscribe";

export type SubscribeFormProps = {
  buttonLabel: string;
  /** Shown in the form after success (omit when the parent shows its own confirmation). */
  successMessage?: string;
  errorMessage?: string;
  onSuccess?: () => void;
  onSendingChange?: (sending: boolean) => void;
  /** "dark" on the ink hero/banner backgrounds. */
  tone?: "light" | "dark";
  className?: string;
};

/**
 * The Dad Moves email form: idle → loading → success | error. A blank email does nothing; the
 * error clears as soon as the email is edited; on success the field clears.
 */
export function SubscribeForm({
  buttonLabel,
  successMessage,
  errorMessage = SUBSCRIBE_COPY.bannerError,
  onSuccess,
  onSendingChange,
  tone = "light",
  className,
}: SubscribeFormProps) {
  const id = useId();
  const [email, setEmail] = useState("");
  const subscribe = useSubscribe();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || subscribe.isPending) return;
    onSendingChange?.(true);
    subscribe.mutate(
      { email, source: "Dad-Moves" },
      {
        onSuccess: () => {
          setEmail("");
          onSuccess?.();
        },
        onSettled: () => onSendingChange?.(false),
      },
    );
  }

  const dark = tone === "dark";
  return (
    <form onSubmit={onSubmit} noValidate={false} className={clsx("flex flex-col gap-3", className)}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          disabled={subscribe.isPending}
          aria-describedby={subscribe.isError ? `${id}-error` : undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            if (subscribe.isError || subscribe.isSuccess) subscribe.reset();
          }}
          className={clsx(
            "min-h-12 w-full flex-1 rounded-lg border px-4 text-base text-ink focus-visible:outline-3 focus-visible:outline-offset-1",
            dark ? "border-white/30 bg-white focus-visible:outline-accent-light" : "border-sand bg-white focus-visible:outline-accent-dark",
          )}
        />
        <Button type="submit" size="lg" variant={dark ? "accent" : "primary"} busy={subscribe.isPending} busyLabel="Sending…" className="shrink-0">
          {buttonLabel}
        </Button>
      </div>
      <div aria-live="polite" className="min-h-0">
        {subscribe.isError ? (
          <p id={`${id}-error`} role="alert" className={clsx("text-sm font-medium", dark ? "text-[#ffb4a8]" : "text-danger")}>
            {errorMessage}
          </p>
        ) : null}
        {subscribe.isSuccess && successMessage ? (
          <p role="status" className={clsx("text-sm font-semibold", dark ? "text-accent-light" : "text-success")}>
            {successMessage}
          </p>
        ) : null}
      </div>
    </form>
  );
}
