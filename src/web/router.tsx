import { type ComponentType, lazy, Suspense } from "react";
import { matchRoutes, type RouteObject } from "react-router";
import { FullPageStatus } from "./components/layout/full-page-status";
import { RouteErrorPage } from "./components/layout/route-error-page";
import { RedirectIfSignedIn } from "./features/auth/components/redirect-if-signed-in";
import type { Me } from "./features/auth/api/get-me";
import { RequireAuth } from "./features/auth/components/require-auth";
import { RootLayout } from "./routes/root-layout";

/** Route-level code splitting: each page is its own chunk, loaded on first visit. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

// Loaded on the first signed-in page only, so the landing bundle does not carry it.
const SignedInExtras = lazy(() => import("./routes/signed-in-extras").then((m) => ({ default: m.SignedInExtras })));
const renderSignedIn = (me: Me) => (
  <Suspense fallback={null}>
    <SignedInExtras me={me} />
  </Suspense>
);

/** Public marketing and account pages (page views tracked in later work). */
const publicRoutes: RouteObject[] = [
  { path: "pricing", lazy: page(() => import("./routes/pricing"), (m) => m.PricingRoute) },
  { path: "about", lazy: page(() => import("./routes/about"), (m) => m.AboutRoute) },
  { path: "success", lazy: page(() => import("./routes/success"), (m) => m.SuccessRoute) },
  { path: "privacy", lazy: page(() => import("./routes/legal"), (m) => m.PrivacyRoute) },
  { path: "terms", lazy: page(() => import("./routes/legal"), (m) => m.TermsRoute) },
  { path: "gift", lazy: page(() => import("./routes/gift"), (m) => m.GiftRoute) },
  {
    path: "activate-gift-code",
    lazy: page(() => import("./routes/activate-gift-code"), (m) => m.ActivateGiftCodeRoute),
  },
  {
    path: "forgot-password",
    lazy: page(() => import("./routes/forgot-password"), (m) => m.ForgotPasswordRoute),
  },
  {
    path: "reset-password",
    lazy: page(() => import("./routes/reset-password"), (m) => m.ResetPasswordRoute),
  },
  // A keepsake card's QR code lands here; it reveals nothing and needs no account.
  { path: "claim", lazy: page(() => import("./routes/claim"), (m) => m.ClaimRoute) },
  { path: "claim/:code", lazy: page(() => import("./routes/claim"), (m) => m.ClaimRoute) },
  { path: "dadmoves", lazy: page(() => import("./routes/dadmoves"), (m) => m.DadMovesRoute) },
  { path: "blog", lazy: page(() => import("./routes/blog"), (m) => m.BlogRoute) },
  { path: "blog/:slug", lazy: page(() => import("./routes/blog-article"), (m) => m.BlogArticleRoute) },
  {
    path: "checkout/test/:session",
    lazy: page(() => import("./routes/test-checkout"), (m) => m.TestCheckoutRoute),
  },
];

/** Landing pages, /login and /signup: signed-in users go to /dashboard. */
const signedOutOnlyRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import("./routes/landing"), (m) => m.LandingRoute) },
  { path: "five-minutes", lazy: page(() => import("./routes/five-minutes"), (m) => m.FiveMinutesRoute) },
  { path: "six-minutes", lazy: page(() => import("./routes/five-minutes"), (m) => m.SixMinutesRoute) },
  { path: "b", lazy: page(() => import("./routes/landing-b"), (m) => m.LandingBRoute) },
  { path: "login", lazy: page(() => import("./routes/login"), (m) => m.LoginRoute) },
  { path: "signup", lazy: page(() => import("./routes/signup"), (m) => m.SignupRoute) },
];

/** Pages behind sign-in. */
const signedInRoutes: RouteObject[] = [
  { path: "say-this", lazy: page(() => import("./routes/pocket-dad"), (m) => m.PocketDadRoute) },
  { path: "onboarding", lazy: page(() => import("./routes/onboarding"), (m) => m.OnboardingRoute) },
  { path: "dad-dna", lazy: page(() => import("./routes/dad-dna"), (m) => m.DadDnaRoute) },
  { path: "dad-dna/result", lazy: page(() => import("./routes/dad-dna"), (m) => m.DadDnaResultRoute) },
  { path: "dashboard", lazy: page(() => import("./routes/dashboard"), (m) => m.DashboardRoute) },
  { path: "record", lazy: page(() => import("./routes/record"), (m) => m.RecordRoute) },
  { path: "vault", lazy: page(() => import("./routes/vault"), (m) => m.VaultRoute) },
  { path: "children", lazy: page(() => import("./routes/children"), (m) => m.ChildrenRoute) },
  { path: "videos", lazy: page(() => import("./routes/videos"), (m) => m.VideosRoute) },
  { path: "ideas", lazy: page(() => import("./routes/ideas"), (m) => m.IdeasRoute) },
  { path: "settings", lazy: page(() => import("./routes/settings"), (m) => m.SettingsRoute) },
  { path: "archive/:id", lazy: page(() => import("./routes/archive"), (m) => m.ArchiveRoute) },
  {
    path: "experiment-results",
    lazy: page(() => import("./routes/experiment-results"), (m) => m.ExperimentResultsRoute),
  },
];

export const routes: RouteObject[] = [
  {
    path: "/",
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    HydrateFallback: () => <FullPageStatus />,
    children: [
      ...publicRoutes,
      { element: <RedirectIfSignedIn />, children: signedOutOnlyRoutes },
      {
        // Pocket Dad: guests may look, only signed-in dads may use it.
        element: <RequireAuth allowGuests renderSignedIn={renderSignedIn} />,
        children: [
          { path: "pocket-dad", lazy: page(() => import("./routes/pocket-dad"), (m) => m.PocketDadRoute) },
        ],
      },
      { element: <RequireAuth renderSignedIn={renderSignedIn} />, children: signedInRoutes },
      { path: "*", lazy: page(() => import("./routes/not-found"), (m) => m.NotFoundRoute) },
    ],
  },
];

/**
 * Loads the lazy route modules a path needs and puts them in place, so the router starts with
 * the page ready: hydrating prerendered HTML must render the same tree at once (no fallback).
 */
export async function loadRouteModules(pathname: string) {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}
