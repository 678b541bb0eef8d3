import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { isApiError } from "../../../lib/api-client";
import { todayIn } from "../../../../shared/calendar";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { useChild } from "../api/get-child";
import { ChildAvatar } from "./child-avatar";
import { describeChildAge } from "./child-age";

/**
 * /videos?child={id}: who these memories are for, then `children` (the memories list);
 * an unknown or another dad's child shows a not-found state instead.
 */
export function ChildVideosHeader({ childId, children }: { childId: string; children?: ReactNode }) {
  const child = useChild(childId);
  if (child.isPending) return <div className="h-24 animate-pulse rounded-xl bg-sand-soft motion-reduce:animate-none" aria-label="Loading" />;
  if (child.isError) {
    if (isApiError(child.error) && child.error.status === 404) return <ChildNotFound />;
    return (
      <Alert title="We couldn't load this child.">
        <Button variant="secondary" className="mt-3" onClick={() => void child.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const age = describeChildAge(child.data.birthdate, todayIn());
  return (
    <>
    <header className="flex items-center gap-4">
      <ChildAvatar name={child.data.name} photoUrl={child.data.photoUrl} size="lg" />
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{child.data.name}'s memories</h1>
        <p className="text-olive-dark">
          {age.ageLabel} · next birthday {age.nextDate}
        </p>
      </div>
    </header>
    {children}
    </>
  );
}

export function ChildNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-sand bg-paper-warm px-6 py-12 text-center">
      <h1 className="text-2xl font-semibold">We couldn't find that child</h1>
      <p className="max-w-md text-olive-dark">The link may be old, or the child was removed. Pick a child from your list to see their memories.</p>
      <ButtonLink to="/children" variant="secondary">
        <ArrowLeft className="size-5" aria-hidden="true" />
        Back to children
      </ButtonLink>
    </div>
  );
}
