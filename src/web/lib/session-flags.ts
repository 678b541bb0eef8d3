/**
 * One-off hints kept for this browser tab (sessionStorage): one feature raises a flag, another
 * shows something while it is up. Storage may be unavailable (private mode): a hint is a nicety.
 */
export const SESSION_FLAGS = {
  /** Raised by a first sign-up landing on /dashboard: the 'Start here.' coachmark. */
  startHere: "heydad.startHere",
  /** Raised by finishing the onboarding questionnaire: the Dad DNA banner on the dashboard. */
  dadDnaBanner: "heydad.dadDnaBanner",
} as const;

export type SessionFlag = keyof typeof SESSION_FLAGS;

export function raiseSessionFlag(flag: SessionFlag): void {
  try {
    window.sessionStorage.setItem(SESSION_FLAGS[flag], "1");
  } catch {
    // No storage: the hint is skipped.
  }
}

export function isSessionFlagRaised(flag: SessionFlag): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_FLAGS[flag]) === "1";
  } catch {
    return false;
  }
}

export function lowerSessionFlag(flag: SessionFlag): void {
  try {
    window.sessionStorage.removeItem(SESSION_FLAGS[flag]);
  } catch {
    // No storage: nothing was kept.
  }
}
