import { clsx } from "clsx";
import { Check, ChevronUp, Minus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClassName } from "../../../components/ui/button";
import { type Checklist, useChecklist } from "../api/get-checklist";

const CLOSED_KEY = "heydad.onboarding-card.closed"; // kept in the browser (localStorage)
const MINIMIZED_KEY = "heydad.onboarding-card.minimized"; // kept for the session (sessionStorage)

const STEPS: ReadonlyArray<{ key: keyof Checklist; label: string; to: string }> = [
  { key: "hasName", label: "What's your name?", to: "/settings" },
  { key: "hasChild", label: "Add your first child", to: "/children" },
  { key: "hasMemory", label: "Create your first video", to: "/record?video=true" },
  { key: "hasAccess", label: "Subscribe", to: "/pricing" },
];

function readFlag(storage: () => Storage, key: string) {
  try {
    return storage().getItem(key) === "1";
  } catch {
    return false;
  }
}

function writeFlag(storage: () => Storage, key: string, value: boolean) {
  try {
    storage().setItem(key, value ? "1" : "0");
  } catch {
    // Without storage the choice lasts until the page reloads.
  }
}

/** Dad's own choice this session to minimize ("1") or open ("0") the card; null until he makes one. */
function readMinimizedChoice() {
  try {
    const value = window.sessionStorage.getItem(MINIMIZED_KEY);
    return value === null ? null : value === "1";
  } catch {
    return null;
  }
}

/**
 * Until Dad opens or minimizes the card himself, it starts minimized where the full card would
 * cover what he came to do: on a phone (it would take half the screen) and on the record screen.
 */
const startsMinimized = (pathname: string) => pathname.startsWith("/record") || window.matchMedia("(max-width: 639px)").matches;

/** The onboarding checklist card of signed-in pages (spec 000 §2, §4). */
export function ChecklistCard() {
  const checklist = useChecklist();
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(() => readFlag(() => window.localStorage, CLOSED_KEY));
  const [minimizedChoice, setMinimizedChoice] = useState(readMinimizedChoice);
  const minimized = minimizedChoice ?? startsMinimized(pathname);
  const data = checklist.data;
  const done = data ? STEPS.filter((step) => data[step.key]).length : 0;
  // The questionnaire is a focused flow with its own steps: the card would cover its buttons on a phone.
  const visible = Boolean(data) && !closed && done < STEPS.length && pathname !== "/onboarding";

  // Opened from the pill: the card is brought into view and focused once (it sits at the page's end).
  const cardRef = useRef<HTMLElement | null>(null);
  const [justOpened, setJustOpened] = useState(false);
  useEffect(() => {
    if (!justOpened || !cardRef.current) return;
    cardRef.current.scrollIntoView({ block: "nearest" });
    cardRef.current.focus({ preventScroll: true });
    setJustOpened(false);
  }, [justOpened]);

  const close = () => {
    setClosed(true);
    writeFlag(() => window.localStorage, CLOSED_KEY, true);
  };
  function minimize(value: boolean) {
    setMinimizedChoice(value);
    setJustOpened(!value);
    writeFlag(() => window.sessionStorage, MINIMIZED_KEY, value);
  }

  // Each page change re-reads the steps, so the card advances as they are done.
  const { refetch } = checklist;
  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);

  // Escape closes the card (unless a dialog is open: Escape belongs to it then).
  useEffect(() => {
    if (!visible) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || document.querySelector('[role="dialog"]')) return;
      setClosed(true);
      writeFlag(() => window.localStorage, CLOSED_KEY, true);
    }
    // Capture phase, registered before any popover or dialog opens: runs while they are still open.
    document.addEventListener("keydown", onKeyDown, { capture: true });
    return () => document.removeEventListener("keydown", onKeyDown, { capture: true });
  }, [visible]);

  if (!visible || !data) return null;
  const next = STEPS.find((step) => !data[step.key]) ?? STEPS[0]!;
  const progress = `${done} of ${STEPS.length} done`;

  if (minimized) {
    return (
      <>
        {/* Desktop: room at the end of the page, so the last of it can scroll clear of the docked pill. */}
        <div aria-hidden="true" className="hidden h-20 sm:block" />
        {/* Phones: in the page flow at its end, so it never covers a field; desktop: docked bottom right. */}
        <aside
          aria-label="Profile setup"
          className="mx-auto flex w-full max-w-6xl justify-end px-4 pb-6 sm:fixed sm:right-4 sm:bottom-4 sm:z-20 sm:w-auto sm:max-w-[calc(100vw-2rem)] sm:p-0"
        >
          <button
            type="button"
            onClick={() => minimize(false)}
            className="flex min-h-12 items-center gap-3 rounded-full bg-ink px-5 text-sm font-semibold text-white shadow-float focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-dark"
          >
            Finish setting up your profile
            <span className="text-white/70 tabular-nums">{done}/{STEPS.length}</span>
            <ChevronUp className="size-4" aria-hidden="true" />
          </button>
        </aside>
      </>
    );
  }

  // The open card is part of the page, at its end (it would cover the vault's and Pocket Dad's
  // buttons and the settings if it floated): opened from the pill, it is scrolled into view.
  return (
    <div className="mx-auto flex w-full max-w-6xl justify-end px-3 pb-6 sm:px-6">
    <aside
      ref={cardRef}
      aria-labelledby="checklist-title"
      tabIndex={-1}
      className="w-full rounded-xl border border-sand-soft bg-white p-5 text-ink shadow-float sm:w-80"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="checklist-title" className="text-lg font-semibold">
            Welcome Dad!
          </h2>
          <p className="text-sm text-olive-dark">Thanks for signing up.</p>
          <p className="text-sm text-olive-dark">Let's set up your profile real quick.</p>
        </div>
        <div className="-mt-2 -mr-2 flex">
          <button type="button" onClick={() => minimize(true)} aria-label="Minimize" className="inline-flex size-11 items-center justify-center rounded-lg text-olive-dark hover:bg-mist-soft hover:text-ink">
            <Minus className="size-5" aria-hidden="true" />
          </button>
          <button type="button" onClick={close} aria-label="Close" className="inline-flex size-11 items-center justify-center rounded-lg text-olive-dark hover:bg-mist-soft hover:text-ink">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-mist-soft" role="progressbar" aria-valuemin={0} aria-valuemax={STEPS.length} aria-valuenow={done} aria-label={progress}>
        <div className="h-full rounded-full bg-accent transition-[width] duration-200" style={{ width: `${(done / STEPS.length) * 100}%` }} />
      </div>
      <ol className="mt-3 flex flex-col">
        {STEPS.map((step) => {
          const complete = data[step.key];
          return (
            <li key={step.key}>
              <Link to={step.to} className="flex min-h-11 items-center gap-3 rounded-lg px-1 text-sm hover:bg-paper-warm">
                <span
                  className={clsx(
                    "inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2",
                    complete ? "border-success bg-success text-white" : "border-sand",
                  )}
                  aria-hidden="true"
                >
                  {complete ? <Check className="size-3.5" strokeWidth={3} /> : null}
                </span>
                <span className={clsx(complete ? "text-olive-dark line-through" : "font-medium text-ink")}>{step.label}</span>
                <span className="sr-only">{complete ? "(done)" : "(to do)"}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      <Link to={next.to} className={buttonClassName({ fullWidth: true, className: "mt-3" })}>
        Continue
      </Link>
    </aside>
    </div>
  );
}
