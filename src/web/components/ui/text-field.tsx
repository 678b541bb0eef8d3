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
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={clsx("flex flex-col gap-1.5", containerClassName)}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
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
      {hint ? (
        <p id={hintId} className="text-sm text-olive-dark">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
