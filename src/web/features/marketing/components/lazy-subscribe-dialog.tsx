import { lazy, Suspense, useState } from "react";
import type { SubscribeDialogProps } from "./subscribe-dialog";

const SubscribeDialog = lazy(() => import("./subscribe-dialog").then((module) => ({ default: module.SubscribeDialog })));

/**
 * The email dialog, loaded the first time a visitor opens it (keeps Radix off the landing page's
 * first load), then kept mounted so focus returns to the button that opened it.
 */
export function LazySubscribeDialog(props: SubscribeDialogProps) {
  const [loaded, setLoaded] = useState(props.open);
  if (props.open && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <SubscribeDialog {...props} />
    </Suspense>
  );
}
