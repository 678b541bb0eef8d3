import { clsx } from "clsx";
import { LogOut, Menu, X } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { PRODUCT_NAME } from "../../../shared/copy";

export type NavItem = { to: string; label: string };

const PocketDadHowItWorksDialog = lazy(() =>
  import("./pocket-dad-how-it-works-dialog").then((module) => ({ default: module.PocketDadHowItWorksDialog })),
);

/** The header shrinks once the page has scrolled this far (spec 002). */
const SHRINK_AFTER_PX = 50;
/** How much shorter the shrunk header is (h-16 to h-12): the page gets shorter by as much. */
const SHRINK_BY_PX = 16;

export const SIGNED_IN_NAV: readonly NavItem[] = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/pocket-dad", label: "Pocket Dad" },
  { to: "/vault", label: "Vault" },
  { to: "/children", label: "Children" },
  { to: "/ideas", label: "Ideas" },
  { to: "/dadmoves", label: "Dad Moves" },
  { to: "/settings", label: "Settings" },
  { to: "/about", label: "About" },
  { to: "/pricing", label: "Pricing" },
];

/** Visitors: spec 002's menu (Pocket Dad, between Reads and Privacy, opens the how-it-works dialog) plus About. */
export const SIGNED_OUT_NAV: readonly NavItem[] = [
  { to: "/#how-it-works", label: "How it works" },
  { to: "/#pricing", label: "Pricing" },
  { to: "/dadmoves", label: "Dad Moves" },
  { to: "/blog", label: "Reads" },
  { to: "/privacy", label: "Privacy" },
  { to: "/about", label: "About" },
];

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    // Shrinking shortens the page, which can pull a page scrolled just past the threshold back above it:
    // the header grows back only once it is scrolled back by that much more, or it would flicker between the two.
    const update = () => setScrolled((was) => window.scrollY > (was ? threshold - SHRINK_BY_PX : threshold));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export type SiteHeaderProps = {
  /** null while the session is unknown: renders the bar without links. */
  signedIn: boolean | null;
  onSignOut: () => void;
  signingOut?: boolean;
  /** The bell (signed in only). Passed in so the layout stays free of feature imports. */
  bell?: ReactNode;
};

const focusRing =
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-light";

function desktopLinkClass({ isActive }: { isActive: boolean }) {
  return clsx(
    "relative inline-flex min-h-11 items-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap",
    "transition-colors duration-150",
    focusRing,
    isActive
      ? "text-white after:absolute after:inset-x-2.5 after:bottom-1.5 after:h-0.5 after:rounded-full after:bg-accent-light"
      : "text-white/80 hover:text-white",
  );
}

function mobileLinkClass({ isActive }: { isActive: boolean }) {
  return clsx(
    "flex min-h-12 items-center rounded-lg px-3 text-base font-medium",
    focusRing,
    isActive ? "bg-white/10 text-white" : "text-white/85 hover:bg-white/5 hover:text-white",
  );
}

export function SiteHeader({ signedIn, onSignOut, signingOut = false, bell }: SiteHeaderProps) {
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // The small-screen menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === pathname;
  const scrolled = useScrolledPast(SHRINK_AFTER_PX);
  const [howItWorksOpen, setHowItWorksOpen] = useState(false);
  const [howItWorksLoaded, setHowItWorksLoaded] = useState(false);
  const openHowItWorks = () => {
    setHowItWorksLoaded(true);
    setHowItWorksOpen(true);
    setMenuOpenedAt(null);
  };
  const setMenuOpen = (open: boolean) => setMenuOpenedAt(open ? pathname : null);

  // Escape closes the menu and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setMenuOpenedAt(null);
        menuButtonRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const items = signedIn ? SIGNED_IN_NAV : SIGNED_OUT_NAV;
  // Both bars hold eight or more links: they collapse into the menu below 1024 px.
  const pocketDadButtonClass = (mobile: boolean) =>
    mobile ? mobileLinkClass({ isActive: false }) + " w-full text-left" : desktopLinkClass({ isActive: false });
  // Visitors: "Pocket Dad" explains the tool instead of opening it.
  const visitorPocketDad = (mobile: boolean) => (
    <li>
      <button type="button" onClick={openHowItWorks} className={pocketDadButtonClass(mobile)}>
        Pocket Dad
      </button>
    </li>
  );

  return (
    <header
      data-scrolled={scrolled || undefined}
      className="sticky top-0 z-40 bg-ink text-white shadow-[0_1px_0_rgb(0_0_0/0.2)] data-[scrolled]:shadow-float"
    >
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 font-semibold text-ink focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <nav
        aria-label="Main"
        className={clsx(
          "mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 transition-[height] duration-200 sm:px-6",
          scrolled ? "h-12" : "h-16",
        )}
      >
        <Link
          to={signedIn ? "/dashboard" : "/"}
          className={clsx(
            "inline-flex min-h-11 items-center gap-2 rounded-md text-lg font-bold tracking-tight",
            focusRing,
          )}
        >
          <span
            aria-hidden="true"
            className="inline-flex size-8 items-center justify-center rounded-lg bg-accent-light text-sm font-extrabold text-ink"
          >
            HD
          </span>
          {PRODUCT_NAME}
        </Link>

        {signedIn === null ? null : (
          <>
            {/* Wide screens: links inline. */}
            <ul
              className={clsx(
                "hidden items-center gap-0.5",
                "lg:flex",
              )}
            >
              {items.map((item) => (
                <NavItemLink key={item.to} item={item} className={desktopLinkClass} after={!signedIn && item.to === "/blog" ? visitorPocketDad(false) : null} />
              ))}
              {signedIn ? (
                <>
                  <li>
                    <button
                      type="button"
                      onClick={onSignOut}
                      disabled={signingOut}
                      className={clsx(
                        "inline-flex min-h-11 items-center rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-white/80 hover:text-white disabled:opacity-60",
                        focusRing,
                      )}
                    >
                      Sign Out
                    </button>
                  </li>
                  <li className="ml-1">{bell}</li>
                </>
              ) : (
                <>
                  <li>
                    <NavLink to="/login" className={desktopLinkClass}>
                      Log in
                    </NavLink>
                  </li>
                  <li className="ml-2">
                    <Link
                      to="/signup"
                      className={clsx(
                        "inline-flex min-h-11 items-center rounded-lg bg-accent-light px-4 text-sm font-semibold text-ink hover:bg-[#e8b86c]",
                        focusRing,
                      )}
                    >
                      Sign up
                    </Link>
                  </li>
                </>
              )}
            </ul>

            {/* Small screens: bell + menu toggle. */}
            <div className={"flex items-center gap-1 lg:hidden"}>
              {signedIn ? bell : null}
              <button
                ref={menuButtonRef}
                type="button"
                aria-expanded={menuOpen}
                aria-controls={menuId}
                onClick={() => setMenuOpen(!menuOpen)}
                className={clsx(
                  "inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold hover:bg-white/10",
                  focusRing,
                )}
              >
                {menuOpen ? (
                  <X className="size-5" aria-hidden="true" />
                ) : (
                  <Menu className="size-5" aria-hidden="true" />
                )}
                Menu
              </button>
            </div>
          </>
        )}
      </nav>

      {signedIn === null ? null : (
        <div
          id={menuId}
          hidden={!menuOpen}
          className={clsx(
            "border-t border-white/10 bg-ink",
            "lg:hidden",
          )}
        >
          <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
            {items.map((item) => (
              <NavItemLink key={item.to} item={item} className={mobileLinkClass} after={!signedIn && item.to === "/blog" ? visitorPocketDad(true) : null} />
            ))}
            {signedIn ? (
              <li className="mt-1 border-t border-white/10 pt-2">
                <button
                  type="button"
                  onClick={onSignOut}
                  disabled={signingOut}
                  className={clsx(
                    "flex min-h-12 w-full items-center gap-2 rounded-lg px-3 text-left text-base font-medium text-white/85 hover:bg-white/5 hover:text-white disabled:opacity-60",
                    focusRing,
                  )}
                >
                  <LogOut className="size-5" aria-hidden="true" />
                  Sign Out
                </button>
              </li>
            ) : (
              <>
                <li>
                  <NavLink to="/login" className={mobileLinkClass}>
                    Log in
                  </NavLink>
                </li>
                <li className="pt-2">
                  <Link
                    to="/signup"
                    className={clsx(
                      "flex min-h-12 items-center justify-center rounded-lg bg-accent-light px-4 text-base font-semibold text-ink",
                      focusRing,
                    )}
                  >
                    Sign up
                  </Link>
                </li>
              </>
            )}
          </ul>
        </div>
      )}
      {howItWorksLoaded ? (
        <Suspense fallback={null}>
          <PocketDadHowItWorksDialog open={howItWorksOpen} onOpenChange={setHowItWorksOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}

/** A menu link; hash links (/#pricing) are never shown as the current page. */
function NavItemLink({ item, className, after }: { item: NavItem; className: (state: { isActive: boolean }) => string; after: ReactNode }) {
  return (
    <>
      <li>
        <NavLink to={item.to} className={item.to.includes("#") ? () => className({ isActive: false }) : className}>
          {item.label}
        </NavLink>
      </li>
      {after}
    </>
  );
}
