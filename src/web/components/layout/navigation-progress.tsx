import { clsx } from "clsx";
import { useNavigation } from "react-router";

/** Thin amber bar at the top while a lazy route or loader is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={clsx(
        "pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-accent-light transition-[opacity,transform] duration-200",
        busy ? "scale-x-75 opacity-100 delay-150" : "scale-x-0 opacity-0",
      )}
    />
  );
}
