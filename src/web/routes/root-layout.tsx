import { Bell } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { NavigationProgress } from "../components/layout/navigation-progress";
import { SiteFooter } from "../components/layout/site-footer";
import { SiteHeader } from "../components/layout/site-header";
import { Toaster } from "../components/ui/toaster";
import { usePublicConfig } from "../features/auth/api/get-config";
import { useMe } from "../features/auth/api/get-me";
import { enableMetaPixel, trackPageView } from "../lib/analytics";
import { useSignOut } from "../features/auth/api/sign-out";

// Signed-in only: loaded on demand so the landing bundle stays small.
const NotificationBell = lazy(() => import("../features/notifications/components/notification-bell").then((m) => ({ default: m.NotificationBell })));
const OutboxPanel = lazy(() => import("../features/outbox/components/outbox-panel").then((m) => ({ default: m.OutboxPanel })));
const bell = (
  <Suspense fallback={<Bell className="m-3 size-5 text-white/60" aria-hidden="true" />}>
    <NotificationBell />
  </Suspense>
);

/** The app frame: navigation bar, page, footer, toasts. */
export function RootLayout() {
  const me = useMe();
  const signOut = useSignOut();
  const signedIn = me.isPending ? null : Boolean(me.data);
  const { metaPixelId, testMode } = usePublicConfig();
  const { pathname } = useLocation();

  useEffect(() => enableMetaPixel(metaPixelId), [metaPixelId]);
  useEffect(() => trackPageView(pathname), [pathname]);

  return (
    <>
      <NavigationProgress />
      {testMode ? (
        <p className="bg-accent-dark px-4 py-1.5 text-center text-xs font-bold tracking-wider text-white">
          TEST MODE: this is a test site, no real payment is taken
        </p>
      ) : null}
      <SiteHeader
        signedIn={signedIn}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
        bell={bell}
      />
      {me.data ? (
        <Suspense fallback={null}>
          <OutboxPanel ownerId={me.data.user.id} />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter signedIn={signedIn} />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
