import { clsx } from "clsx";

/** The children list could not be read: say so, with a way to try again. */
export function ChildrenLoadError({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <p role="alert" className={clsx("text-danger", className)}>
      We couldn't load your children.{" "}
      <button type="button" className="min-h-11 font-semibold underline" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
