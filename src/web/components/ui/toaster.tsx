import { lazy, Suspense } from "react";

// sonner is loaded in its own chunk right after start, keeping it off the landing page's
// critical path. `toast()` calls from feature chunks share that chunk.
const SonnerToaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));

/** Mount once, in the root layout. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        position="top-center"
        richColors
        closeButton
        toastOptions={{ duration: 5000, style: { fontFamily: "var(--font-sans)" } }}
      />
    </Suspense>
  );
}
