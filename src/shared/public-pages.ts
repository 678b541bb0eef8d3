import { PRODUCT_NAME } from "./product";

export type PublicPage = { path: string; title: string; description: string; inSitemap: boolean };

/**
 * Every public page with its own title and description: the server puts them (and the Open
 * Graph tags) into the HTML it sends, lists the pages in /sitemap.xml, and the web app sets the
 * title on client-side navigation and tracks page views on these paths.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  {
    path: "/",
    title: `${PRODUCT_NAME}: Be there now. Be there forever.`,
    description: "Record video, voice and written messages your kids will keep for life, and get the right words for every dad moment with Pocket Dad.",
    inSitemap: true,
  },
  {
    path: "/five-minutes",
    title: `Five minutes for a lifetime · ${PRODUCT_NAME}`,
    description: "Record messages that last a lifetime & get the right moves for every dad moment along the way.",
    inSitemap: true,
  },
  {
    path: "/six-minutes",
    title: `Six minutes for a lifetime · ${PRODUCT_NAME}`,
    description: "Record messages that last a lifetime & get the right moves for every dad moment along the way.",
    inSitemap: true,
  },
  {
    path: "/b",
    title: `Be the dad you mean to be · ${PRODUCT_NAME}`,
    description: "Join the launch list and get 52 free Dad Moves: one small, doable thing a week that your kids will remember.",
    inSitemap: true,
  },
  {
    path: "/dadmoves",
    title: `52 Dad Moves, free · ${PRODUCT_NAME}`,
    description: "Want to download a year's worth of dad moves? Get the free PDF and one new move in your inbox every week.",
    inSitemap: true,
  },
  {
    path: "/blog",
    title: `This Week's Reads · ${PRODUCT_NAME}`,
    description: "Quick, practical ideas for modern dads: three-minute reads on leaving your kids messages that last.",
    inSitemap: true,
  },
  {
    path: "/pricing",
    title: `Pricing · ${PRODUCT_NAME}`,
    description: "Your first month is free, no card needed. Then $4.99 a month or $39.99 a year.",
    inSitemap: true,
  },
  {
    path: "/about",
    title: `About · ${PRODUCT_NAME}`,
    description: "Who we are, why we built Hey Dad, and how to reach us.",
    inSitemap: true,
  },
  {
    path: "/privacy",
    title: `Privacy Policy · ${PRODUCT_NAME}`,
    description: "What Hey Dad collects, why, where it is kept, and how to delete it. Effective 5/26/2025.",
    inSitemap: true,
  },
  {
    path: "/terms",
    title: `Terms of Service · ${PRODUCT_NAME}`,
    description: "The agreement between you and Hey Dad. Effective 5/26/2025.",
    inSitemap: true,
  },
  {
    path: "/gift",
    title: `Gift Dad a subscription · ${PRODUCT_NAME}`,
    description: "Give the dad in your life a place to record messages his kids will keep for life.",
    inSitemap: true,
  },
  { path: "/login", title: `Log in · ${PRODUCT_NAME}`, description: "Sign in to continue building your legacy.", inSitemap: true },
  { path: "/signup", title: `Sign up · ${PRODUCT_NAME}`, description: "Start recording the moments that matter. 1 month free, no credit card needed.", inSitemap: true },
  { path: "/pocket-dad", title: `Pocket Dad · ${PRODUCT_NAME}`, description: "Think it through before you talk: the right words for a tricky parenting moment, in your tone.", inSitemap: true },
  { path: "/success", title: `Payment · ${PRODUCT_NAME}`, description: "Your payment result.", inSitemap: false },
  { path: "/activate-gift-code", title: `Redeem your gift · ${PRODUCT_NAME}`, description: "Redeem a Hey Dad gift code.", inSitemap: false },
];

/** The page for a path; /blog/{slug} counts as the reads page (its own title comes from own-reads.ts). */
export function findPublicPage(pathname: string): PublicPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path.startsWith("/blog/")) return PUBLIC_PAGES.find((page) => page.path === "/blog");
  return PUBLIC_PAGES.find((page) => page.path === path);
}

/**
 * Public pages prerendered at build time (scripts/prerender.tsx): static content, no session
 * needed. The server sends their HTML with the document and the browser hydrates it.
 */
export const PRERENDERED_PATHS = ["/", "/b", "/five-minutes", "/six-minutes", "/dadmoves", "/blog", "/privacy", "/terms", "/about"] as const;

/** A prerendered page's key in dist/web/prerendered.json; / has one per experiment variant. */
export const prerenderKey = (pathname: string, variant?: string) => (variant ? `${pathname}#${variant}` : pathname);
