import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";

/**
 * The loading, error (with retry) and empty states a memories list shows above its items,
 * for the dashboard feed and the vault alike.
 */
export function ListStates({
  query,
  errorText,
  isEmpty,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; refetch: () => unknown };
  errorText: string;
  isEmpty: boolean;
  /** The message and next step when there is nothing to show. */
  empty: ReactNode;
}) {
  if (query.isPending) return <p className="text-olive-dark">Loading…</p>;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-xl border border-danger/40 bg-danger-soft p-4 text-danger-dark">
        <p>{errorText}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.isSuccess && isEmpty) {
    return <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-10 text-center">{empty}</div>;
  }
  return null;
}
