import { useEffect } from "react";
import { useLocation } from "react-router";

/** Scrolls to #section once it exists (landing sections load after the hero) and on every hash change. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: "start" });
  }, [hash]);
}
