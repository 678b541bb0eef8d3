import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { type Location, useBlocker } from "react-router";
import { Button } from "./button";
import { Dialog } from "./dialog";

const samePlace = (current: Location, next: Location) => current.pathname === next.pathname && current.search === next.search;

export type LeaveGuardCopy = { title: string; description: string; stay: string; leave: string };

/**
 * Asks before Dad leaves something unsaved: in-app links through React Router's blocker (a dialog),
 * closing or reloading the tab through the browser's own beforeunload prompt. `stays(next)` says
 * which moves keep the work on screen (a step inside the same form) and need no question.
 * `release()` turns the guard off at once, before a navigation that follows a successful save.
 */
export function useLeaveGuard(options: { when: boolean; copy: LeaveGuardCopy; stays?: (current: Location, next: Location) => boolean }): {
  dialog: ReactNode;
  release: () => void;
} {
  const { when, copy, stays } = options;
  const released = useRef(false);
  const guarding = when && !released.current;
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        when && !released.current && !(stays ?? samePlace)(currentLocation, nextLocation),
      [when, stays],
    ),
  );

  useEffect(() => {
    if (!guarding) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [guarding]);

  const release = useCallback(() => {
    released.current = true;
  }, []);

  const dialog = (
    <Dialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => !open && blocker.state === "blocked" && blocker.reset()}
      title={copy.title}
      description={copy.description}
      footer={
        <>
          <Button variant="secondary" onClick={() => blocker.state === "blocked" && blocker.proceed()}>
            {copy.leave}
          </Button>
          <Button onClick={() => blocker.state === "blocked" && blocker.reset()}>{copy.stay}</Button>
        </>
      }
    />
  );
  return { dialog, release };
}
