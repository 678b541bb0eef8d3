/**
 * The plan picked on a marketing page (?plan=monthly|annual on /signup) is kept in
 * sessionStorage so that, once signed in, the first visit to /dashboard can carry it on to
 * /pricing?plan=… .
 */

export const PLAN_INTENT_STORAGE_KEY = "heydad.plan";

export type PlanIntent = "monthly" | "annual";

export function parsePlanIntent(value: string | null | undefined): PlanIntent | null {
  return value === "monthly" || value === "annual" ? value : null;
}

export function storePlanIntent(plan: PlanIntent): void {
  try {
    window.sessionStorage.setItem(PLAN_INTENT_STORAGE_KEY, plan);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): the plan is a nicety.
  }
}

export function takePlanIntent(): PlanIntent | null {
  try {
    const plan = parsePlanIntent(window.sessionStorage.getItem(PLAN_INTENT_STORAGE_KEY));
    window.sessionStorage.removeItem(PLAN_INTENT_STORAGE_KEY);
    return plan;
  } catch {
    return null;
  }
}
