import { clsx } from "clsx";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { useChildCounts } from "../api/get-child-counts";
import { ChildrenLoadError } from "./children-load-error";

/** Multi-select of the dad's children as toggle chips. */
export function ChildPicker({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const children = useChildCounts();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">Who is it for?</legend>
      {children.isPending ? <p className="text-sm text-olive-dark">Loading…</p> : null}
      {children.isError ? <ChildrenLoadError className="text-sm" onRetry={() => void children.refetch()} /> : null}
      {children.data?.length === 0 ? (
        <p className="text-sm text-olive-dark">
          <Link to="/children" className="font-semibold text-accent-dark underline">
            Add a child
          </Link>{" "}
          first, so this memory has someone to go to.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {children.data?.map((child) => {
          const checked = selected.includes(child.childId);
          return (
            <label
              key={child.childId}
              className={clsx(
                "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-base transition-colors",
                "focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-accent-dark",
                checked ? "border-ink bg-ink text-white" : "border-sand bg-white text-ink hover:border-olive",
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={() => onChange(checked ? selected.filter((id) => id !== child.childId) : [...selected, child.childId])}
              />
              {checked ? <Check className="size-4" aria-hidden="true" /> : null}
              {child.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
