import { clsx } from "clsx";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: ReactNode;
  /** Validation message shown under the field (role=alert, linked by aria-describedby). */
  error?: string | null;
  /** Help text shown under the field. */
  hint?: ReactNode;
  id?: string;
  containerClassName?: string;
};

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  containerClassName,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const describedBy = fieldDescribedBy(inputId, hint, error);

  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error} className={containerClassName}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={clsx(
          "min-h-11 w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink",
          "placeholder:text-olive-dark/80 transition-colors duration-150",
          "focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-dark",
          "disabled:cursor-not-allowed disabled:bg-paper-warm disabled:text-olive-dark",
          error ? "border-danger" : "border-sand hover:border-olive",
          className,
        )}
        {...inputProps}
      />
    </FieldFrame>
  );
}

/** The ids a field's control names in aria-describedby: its hint and its message (`<id>-hint`, `<id>-error`). */
export function fieldDescribedBy(id: string, hint: unknown, error: unknown) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A control's label above it, its hint and its own message (role=alert) under it, as every form field shows them. */
export function FieldFrame({ id, label, hint, error, className, children }: { id: string; label: ReactNode; hint?: ReactNode; error?: string | null; className?: string; children: ReactNode }) {
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-olive-dark">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** A message that something a dad entered or picked is wrong, read out as soon as it shows. */
export function FieldError({ id, className, children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className={clsx("text-sm font-medium text-danger", className)}>
      {children}
    </p>
  );
}
