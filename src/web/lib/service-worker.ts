/**
 * Registers the service worker (src/web/sw.ts, built to /sw.js by vite-plugin-pwa) in a built app,
 * so the app opens with no network. The development server has none, and a browser without service
 * workers (or a page not served over https or localhost) simply runs online only. A new version's
 * worker takes over by itself (skipWaiting), and the open page is never reloaded under Dad's feet:
 * the next open runs the new version.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
