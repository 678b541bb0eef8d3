import { Link } from "react-router";
import { PRODUCT_NAME, TAGLINES } from "../../../shared/copy";

/** Spec 002's footer links. */
const FOOTER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/#how-it-works", label: "How It Works" },
  { to: "/#benefits", label: "Benefits" },
  { to: "/#pricing", label: "Pricing" },
  { to: "/dadmoves", label: "Dad Moves" },
  { to: "/signup", label: "Sign Up" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
] as const;

/** `signedIn`: a signed-in dad is not offered 'Sign Up' (null while unknown: the signed-out footer, as prerendered). */
export function SiteFooter({ signedIn = null }: { signedIn?: boolean | null }) {
  const links = signedIn ? FOOTER_LINKS.filter((link) => link.to !== "/signup") : FOOTER_LINKS;
  return (
    <footer className="mt-auto border-t border-sand-soft bg-paper-warm">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex flex-col gap-1">
          <p className="text-base font-bold text-ink">{PRODUCT_NAME}</p>
          <p className="max-w-xs text-sm font-semibold text-ink">{TAGLINES.footer}</p>
          {/* The year is the reader's; a page prerendered in an earlier year takes it without a hydration warning. */}
          <p className="text-sm text-olive-dark" suppressHydrationWarning>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="-mx-2 grid grid-cols-2 gap-x-2 sm:flex sm:flex-wrap lg:max-w-xl lg:justify-end">
            {links.map((link) => (
              <li key={link.label}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-olive-dark underline-offset-4 hover:text-ink hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
