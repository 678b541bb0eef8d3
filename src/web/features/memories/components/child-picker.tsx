import { Link } from "react-router";
import type { ChildChoices } from "../../../components/memory/memory-fields";
import { useChildCounts } from "../api/get-child-counts";
import { ChildrenLoadError } from "./children-load-error";

/** The dad's children for the memory forms' 'Who is it for?' chips, with loading, error and empty states. */
export function useChildChoices(): ChildChoices {
  const children = useChildCounts();
  return {
    options: children.data?.map((child) => ({ id: child.childId, name: child.name })),
    status: (
      <>
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
      </>
    ),
  };
}
