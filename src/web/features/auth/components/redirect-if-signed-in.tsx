import type { ReactNode } from "react";
import { Navigate, Outlet, useSearchParams } from "react-router";
import { useMe } from "../api/get-me";
import { NEXT_PARAM, safeNextPath } from "../../../lib/next-path";

export type RedirectIfSignedInProps = {
  to?: string;
  children?: ReactNode;
};

/**
 * For /login, /signup and the landing pages: a signed-in user goes to /dashboard.
 * The page renders straight away while the session is still unknown, so visitors never wait.
 * A login link with ?next= (a gift link sends him here) goes back there instead.
 */
export function RedirectIfSignedIn({ to = "/dashboard", children }: RedirectIfSignedInProps) {
  const me = useMe();
  const [searchParams] = useSearchParams();
  if (me.data) return <Navigate to={safeNextPath(searchParams.get(NEXT_PARAM)) ?? to} replace />;
  return children ?? <Outlet />;
}
