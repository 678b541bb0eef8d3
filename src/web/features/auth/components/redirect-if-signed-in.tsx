import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { useMe } from "../api/get-me";

export type RedirectIfSignedInProps = {
  to?: string;
  children?: ReactNode;
};

/**
 * For /login, /signup and the landing pages: a signed-in user goes to /dashboard.
 * The page renders straight away while the session is still unknown, so visitors never wait.
 */
export function RedirectIfSignedIn({ to = "/dashboard", children }: RedirectIfSignedInProps) {
  const me = useMe();
  if (me.data) return <Navigate to={to} replace />;
  return children ?? <Outlet />;
}
