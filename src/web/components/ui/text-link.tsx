import { clsx } from "clsx";
import { Link, type LinkProps } from "react-router";

export const textLinkClassName =
  "font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 " +
  "hover:decoration-accent-dark rounded-sm";

/** Inline text link in the accent colour (AA on white). */
export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={clsx(textLinkClassName, className)} {...rest} />;
}
