import { clsx } from "clsx";
import { Link } from "react-router";
import { ChildAvatar } from "../../../components/ui/child-avatar";
import { POCKET_DAD_COPY } from "../../../../shared/pocket-dad";
import type { PocketDadChild } from "../api/get-pocket-dad-context";

export function ChildCards(props: { children: PocketDadChild[]; selectedId: string | null; onSelect: (id: string) => void; signedIn: boolean }) {
  if (props.children.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-sand bg-paper-warm px-4 py-3 text-sm text-olive-dark">
        {POCKET_DAD_COPY.noChildren}{" "}
        {props.signedIn ? (
          <Link to="/children" className="font-semibold text-ink underline underline-offset-2">
            Add a child
          </Link>
        ) : null}
      </p>
    );
  }
  return (
    // As many columns as fit (two at 360 px), the rest on the next rows: no card is cut off at the screen's edge.
    <div role="radiogroup" aria-label="Which child?" className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3">
      {props.children.map((child) => {
        const selected = child.id === props.selectedId;
        return (
          <button
            key={child.id}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => props.onSelect(child.id)}
            className={clsx(
              "flex min-h-11 min-w-0 items-start gap-3 rounded-xl border px-3 py-2.5 text-left transition-colors",
              "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-dark",
              selected ? "border-ink bg-mist-soft" : "border-sand-soft bg-white hover:border-olive",
            )}
          >
            <ChildAvatar name={child.name} photoUrl={child.photoUrl} size="sm" decorative />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-semibold">{child.name}</span>
              <span className="text-sm text-olive-dark">{child.ageLabel}</span>
              {child.profileNote ? <span className="truncate text-xs text-olive-dark">{child.profileNote}</span> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}
