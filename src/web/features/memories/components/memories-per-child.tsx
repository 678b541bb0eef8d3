import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { isSessionFlagRaised, lowerSessionFlag } from "../../../lib/session-flags";
import { useChildCounts } from "../api/get-child-counts";
import { ChildrenLoadError } from "./children-load-error";

/** The 'Start here.' coachmark shows while its session flag is up (raised by a first sign-up). */
const COACHMARK_MS = 8000;

/** 'Memories per child': avatar or initial, name, total. */
export function MemoriesPerChild() {
  const counts = useChildCounts();
  const [coachmark, setCoachmark] = useState(() => isSessionFlagRaised("startHere"));

  // The 8 seconds count from when the coachmark is on screen (beside the link, once counts are in).
  const coachmarkShown = coachmark && counts.data?.length === 0;
  useEffect(() => {
    if (!coachmarkShown) return;
    const timer = window.setTimeout(() => setCoachmark(false), COACHMARK_MS);
    return () => window.clearTimeout(timer);
  }, [coachmarkShown]);

  const dismiss = () => {
    lowerSessionFlag("startHere");
    setCoachmark(false);
  };

  return (
    <section aria-labelledby="memories-per-child" className="mt-10">
      <h2 id="memories-per-child" className="text-lg font-semibold">
        Memories per child
      </h2>
      {counts.isPending ? <p className="mt-3 text-olive-dark">Loading…</p> : null}
      {counts.isError ? <ChildrenLoadError className="mt-3" onRetry={() => void counts.refetch()} /> : null}
      {counts.data?.length === 0 ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Link to="/children" className="inline-flex min-h-11 items-center font-semibold text-accent-dark underline">
            Add a child to start tracking.
          </Link>
          {coachmarkShown ? (
            <div role="status" className="flex items-center gap-3 rounded-lg bg-ink px-3 py-2 text-sm text-white shadow-float">
              <span>Start here.</span>
              <Button variant="secondary" className="min-h-9 px-3 py-1 text-sm" onClick={dismiss}>
                Got it
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      {counts.data && counts.data.length > 0 ? (
        <ul className="mt-3 flex gap-3 overflow-x-auto pb-2">
          {counts.data.map((child) => (
            <li key={child.childId} className="flex min-w-28 shrink-0 flex-col items-center gap-1 rounded-xl border border-sand-soft bg-white px-4 py-3">
              {child.imageUrl ? (
                <img src={child.imageUrl} alt="" className="size-12 rounded-full object-cover" />
              ) : (
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-mist text-lg font-semibold text-ink" aria-hidden="true">
                  {child.name.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="max-w-24 truncate font-medium text-ink">{child.name}</span>
              <span className="text-sm text-olive-dark tabular-nums">
                {child.total} {child.total === 1 ? "memory" : "memories"}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
