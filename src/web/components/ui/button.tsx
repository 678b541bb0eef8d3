import { clsx } from "clsx";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "accent";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex min-h-11 select-none items-center justify-center gap-2 rounded-lg font-semibold " +
  "transition-colors duration-150 focus-visible:outline-3 focus-visible:outline-offset-2 " +
  "focus-visible:outline-accent-dark disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-ink text-white hover:bg-ink-strong active:bg-black",
  secondary: "border border-sand bg-white text-ink hover:border-olive hover:bg-paper-warm",
  ghost: "text-ink hover:bg-mist-soft",
  danger: "bg-danger text-white hover:bg-danger-dark",
  accent: "bg-accent-dark text-white hover:bg-[#835412]",
};

const sizes: Record<ButtonSize, string> = {
  md: "px-4 py-2 text-[0.9375rem]",
  lg: "px-6 py-3 text-base",
};

export function buttonClassName({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return clsx(base, variants[variant], sizes[size], fullWidth && "w-full", className);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, disables the button and (optionally) swaps the label. */
  busy?: boolean;
  busyLabel?: ReactNode;
};

export function Button({
  variant,
  size,
  fullWidth,
  busy = false,
  busyLabel,
  className,
  children,
  disabled,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner className="size-4" /> : null}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

export type ButtonLinkProps = LinkProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
};

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={buttonClassName({ variant, size, fullWidth, className })}
      {...rest}
    />
  );
}
