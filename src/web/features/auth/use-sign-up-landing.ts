import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { raiseSessionFlag } from "../../lib/session-flags";
import { parsePlanIntent, takePlanIntent } from "./plan-intent";

/** Marks the first landing after a sign-up (the confirmation link, or Google for a new account). */
export const FIRST_SIGN_UP_PARAM = "welcome";

/** Where a first sign-up lands: the dashboard, carrying the plan picked before signing up, if any. */
export function firstSignUpURL(plan: string | null = null): string {
  return `/dashboard?${FIRST_SIGN_UP_PARAM}=1${plan ? `&plan=${plan}` : ""}`;
}

/**
 * What /dashboard does with a sign-up's landing:
 * - ?welcome=1 raises the 'Start here.' coachmark flag, during the first render so that the
 *   dashboard's parts see it when they mount, and is then dropped from the address (a reload is
 *   not a first sign-up);
 * - a plan picked on a marketing page before signing up (from ?plan= on the confirmation link,
 *   or from this tab's sessionStorage) is carried on to /pricing once.
 */
export function useSignUpLanding() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const planParam = parsePlanIntent(searchParams.get("plan"));
  const firstSignUp = searchParams.get(FIRST_SIGN_UP_PARAM) === "1";
  useState(() => {
    if (firstSignUp) raiseSessionFlag("startHere");
  });

  useEffect(() => {
    const stored = takePlanIntent(); // taken either way, so that it is carried on only once
    const plan = planParam ?? stored;
    if (plan) void navigate(`/pricing?plan=${plan}`, { replace: true });
    else if (firstSignUp) void navigate("/dashboard", { replace: true });
  }, [navigate, planParam, firstSignUp]);
}
