import { clsx } from "clsx";

/** The bar of a segmented control: equal tabs on a soft background. */
export const SEGMENTED_BAR = "flex gap-1 rounded-xl bg-mist-soft p-1";

/**
 * One tab of a segmented control, raised when it is the current one. One line at 360 px:
 * 'Quick Note' never wraps (the gap and padding give way first).
 */
export function segmentedTabClass(current: boolean) {
  return clsx(
    "flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-lg px-1.5 text-sm font-semibold whitespace-nowrap transition-colors sm:gap-2 sm:px-2 sm:text-base",
    current ? "bg-white text-ink shadow-sm" : "text-olive-dark hover:text-ink",
  );
}
