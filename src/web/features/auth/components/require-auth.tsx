import type { ReactNode } from "react";
import { Navigate, Outlet, useSearchParams } from "react-router";
import { FullPageStatus } from "../../../components/layout/full-page-status";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { AUTH_COPY } from "../../../../shared/copy";
import { type Me, useMe } from "../api/get-me";
import { FIRST_SIGN_UP_PARAM } from "../use-sign-up-landing";

/** Where the confirmation link's outcome is said when it did not sign the visitor in (see LoginForm). */
export const CONFIRMATION_PARAM = "confirmation";
export type ConfirmationOutcome = "expired" | "invalid" | "already-confirmed";

/**
 * A signed-out visitor on a signed-in page goes to /, unless he came from a confirmation link
 * that did not sign him in: better-auth sends an expired or broken link to its callback with
 * ?error=, and a link used a second time to the callback with no session. Those go to /login,
 * which says what happened and offers a new link or sign-in.
 */
function signedOutDestination(search: URLSearchParams) {
  const error = search.get("error");
  const outcome: ConfirmationOutcome | null = error
    ? error === "TOKEN_EXPIRED"
      ? "expired"
      : "invalid"
    : search.get(FIRST_SIGN_UP_PARAM) === "1"
      ? "already-confirmed"
      : null;
  return outcome ? `/login?${CONFIRMATION_PARAM}=${outcome}` : "/";
}

export type RequireAuthProps = {
  /** Guests may see the page (Pocket Dad); everyone else is sent to /. */
  allowGuests?: boolean;
  children?: ReactNode;
  /**
   * Shown beside every signed-in page (the pricing modal and blocking overlay, the onboarding
   * card); supplied by the router so this feature stays free of the others.
   */
  renderSignedIn?: (me: Me) => ReactNode;
};

/**
 * The protected-page wrapper: 'Loading...' while the session loads, signed-out users go to /
 * unless the page allows guests; signed-in pages also get `renderSignedIn` (pricing modal,
 * blocking overlay, onboarding card). Use as a layout route element or around children.
 */
export function RequireAuth({ allowGuests = false, children, renderSignedIn }: RequireAuthProps) {
  const me = useMe();
  const [searchParams] = useSearchParams();

  if (me.isPending) return <FullPageStatus>{AUTH_COPY.loading}</FullPageStatus>;

  if (me.isError) {
    return (
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-4 px-4 py-16">
        <Alert title="We couldn't check your session.">{me.error.message}</Alert>
        <Button variant="secondary" onClick={() => void me.refetch()} busy={me.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  if (!me.data && !allowGuests) return <Navigate to={signedOutDestination(searchParams)} replace />;

  return (
    <>
      {children ?? <Outlet />}
      {me.data && renderSignedIn ? renderSignedIn(me.data) : null}
    </>
  );
}
