import { clsx } from "clsx";
import { Popover } from "radix-ui";
import type { ComponentProps } from "react";

/**
 * The floating panel of a Radix popover, as the app draws it: under its trigger, aligned to its end,
 * kept 8 px inside the screen. Pass the width (and padding) in `className`; label it for screen readers.
 */
export function PopoverPanel({ className, ...rest }: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className={clsx(
          "z-50 flex flex-col rounded-xl border border-sand-soft bg-white text-ink shadow-float data-[state=open]:animate-pop-in focus:outline-none",
          className,
        )}
        {...rest}
      />
    </Popover.Portal>
  );
}
