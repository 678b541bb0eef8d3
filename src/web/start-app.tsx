import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { type Me, meQueryKey } from "./features/auth/api/get-me";
import { getLandingVariant } from "./lib/experiment";
import { keepLastKnownState, restoreLastKnownState } from "./lib/last-known-state";
import { queryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import { loadRouteModules, routes } from "./router";

/**
 * The server sends public pages prerendered (data-prerendered, and data-variant on /); the page
 * is hydrated when it is the one this visitor sees, else (a B visitor handed A) rendered afresh.
 */
function prerenderedPageFits(root: HTMLElement) {
  const { prerendered, variant } = root.dataset;
  if (prerendered !== window.location.pathname) return false;
  return !variant || variant === getLandingVariant();
}

/** Calls `onMounted` once the whole tree has been committed (hydrated or rendered). */
function Mounted({ onMounted, children }: { onMounted?: () => void; children: ReactNode }) {
  useEffect(() => onMounted?.(), [onMounted]);
  return children;
}

/** Renders the app into #root, hydrating the prerendered page when it fits (see main.tsx). */
export async function startApp(root: HTMLElement, onMounted?: () => void) {
  const hydrate = prerenderedPageFits(root);
  if (hydrate) await loadRouteModules(window.location.pathname);
  // Opened with no network (the installed app on a plane): the last answers Dad saw, before the first render.
  await restoreLastKnownState(queryClient);
  const signedInUserId = (client: QueryClient) => client.getQueryData<Me | null>(meQueryKey)?.user.id ?? null;
  keepLastKnownState(queryClient, signedInUserId);
  // The app is kept on the device for a dad who signs in: a visitor reading the landing page downloads none of it.
  const stopWatching = queryClient.getQueryCache().subscribe(() => {
    if (!signedInUserId(queryClient)) return;
    stopWatching();
    registerServiceWorker();
  });
  const app = (
    <StrictMode>
      <Mounted onMounted={onMounted}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </QueryClientProvider>
      </Mounted>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (the page is already on screen, so nothing waits for it).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
