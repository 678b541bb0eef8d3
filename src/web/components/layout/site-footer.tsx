import { Link } from "react-router";
import { PRODUCT_NAME, TAGLINES } from "../../../shared/copy";

const FOOTER_LINKS = [
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/about", label: "About" },
] as const;

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-sand-soft bg-paper-warm">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-ink">{TAGLINES.footer}</p>
          <p className="text-sm text-olive-dark">© 2025 {PRODUCT_NAME}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="-mx-2 flex flex-wrap gap-x-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium text-olive-dark hover:text-ink hover:underline underline-offset-4"
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
