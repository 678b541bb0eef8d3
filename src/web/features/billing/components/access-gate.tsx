import { Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isBlocked, staysOpenWithoutAccess } from "../../../../shared/billing";
import { ACCESS_REQUIRED_EVENT } from "../../../lib/api-client";
import { PricingModal } from "./pricing-modal";

const DISMISSED_KEY = "heydad.pricing-dismissed";

function readDismissed() {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export type AccessGateProps = { hasAccess: boolean; accountCreatedAt: string };

/**
 * After the free month without access: the pricing modal until dismissed, then an overlay over
 * the recording and watching pages (not the dashboard, settings, pricing or legal pages) whose click reopens it. A 403 ACCESS_REQUIRED from the server opens it too.
 */
export function AccessGate({ hasAccess, accountCreatedAt }: AccessGateProps) {
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [forcedOpen, setForcedOpen] = useState(false);
  const blocked = isBlocked({ hasAccess, accountCreatedAt: new Date(accountCreatedAt), now: new Date() });

  useEffect(() => {
    const open = () => setForcedOpen(true);
    window.addEventListener(ACCESS_REQUIRED_EVENT, open);
    return () => window.removeEventListener(ACCESS_REQUIRED_EVENT, open);
  }, []);

  function dismiss() {
    setDismissed(true);
    setForcedOpen(false);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // The modal simply shows again on the next visit.
    }
  }

  const modalOpen = forcedOpen || (blocked && !dismissed);
  const overlay = blocked && !modalOpen && !staysOpenWithoutAccess(pathname);

  return (
    <>
      <PricingModal open={modalOpen} onDismiss={dismiss} />
      {overlay ? (
        <button
          type="button"
          onClick={() => setForcedOpen(true)}
          className="fixed inset-x-0 top-16 bottom-0 z-30 flex cursor-pointer items-center justify-center bg-ink/55 p-4 backdrop-blur-[2px]"
          aria-label="Your free month is over. See plans to keep going."
        >
          <span className="flex max-w-sm flex-col items-center gap-3 rounded-xl bg-white px-6 py-6 text-center shadow-float">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
              <Lock className="size-6" aria-hidden="true" />
            </span>
            <span className="text-lg font-semibold text-ink">Your free month is over</span>
            <span className="text-sm text-olive-dark">Everything you recorded is safe. Subscribe to keep building for them.</span>
            <span className="mt-1 inline-flex min-h-11 items-center rounded-lg bg-ink px-5 text-sm font-semibold text-white">See plans</span>
          </span>
        </button>
      ) : null}
    </>
  );
}
