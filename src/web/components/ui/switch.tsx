import type { ButtonHTMLAttributes } from "react";

/** An on/off switch (role="switch") with a 44 px touch target; its label and hint are the caller's, linked by id. */
export function Switch({ checked, onCheckedChange, className = "", ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "onClick" | "role" | "type"> & { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <button
      {...props}
      type="button"
      role="switch"
      aria-checked={checked}
      onClick={() => onCheckedChange(!checked)}
      className={`relative inline-flex h-11 w-16 shrink-0 cursor-pointer items-center rounded-full focus-visible:outline-3 focus-visible:outline-accent-dark disabled:cursor-default disabled:opacity-60 ${className}`}
    >
      <span className={`absolute inset-x-1 h-7 rounded-full transition-colors duration-150 ${checked ? "bg-accent-dark" : "bg-sand"}`} />
      <span className={`relative size-6 rounded-full bg-white shadow transition-transform duration-150 motion-reduce:transition-none ${checked ? "translate-x-8" : "translate-x-2"}`} />
    </button>
  );
}
