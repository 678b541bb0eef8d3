import type { ReactNode } from "react";
import { Spinner } from "../ui/spinner";

/** Centred status for whole-page waits ('Loading...'). */
export function FullPageStatus({ children = "Loading..." }: { children?: ReactNode }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-1 flex-col items-center justify-center gap-3 px-4 py-24 text-olive-dark"
    >
      <Spinner className="size-6 text-olive" />
      <p className="text-base font-medium">{children}</p>
    </div>
  );
}
