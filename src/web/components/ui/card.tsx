import { clsx } from "clsx";
import type { HTMLAttributes } from "react";

/** White paper card with a subtle border. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx("rounded-xl border border-sand-soft bg-white p-6 sm:p-8", className)}
      {...rest}
    />
  );
}
