import type { MiddlewareHandler } from "hono";
import { defineError } from "./app-error";

/**
 * Which browser origins may change state (one rule for our routes and better-auth's). In production
 * only APP_URL. In development also any loopback or private-network address on the app's own port
 * (127.0.0.1, [::1], *.localhost, 10/8, 172.16/12, 192.168/16: a dad trying it on his phone over
 * Wi-Fi), and the extra origins given (the Vite dev server).
 */
export type OriginPolicy = { appOrigin: string; allows: (origin: string) => boolean };

const PRIVATE_IPV4 = [/^127\./, /^10\./, /^172\.(1[6-9]|2\d|3[01])\./, /^192\.168\./];

function isLocalHost(hostname: string) {
  if (hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]") return true;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) && PRIVATE_IPV4.some((range) => range.test(hostname));
}

const originOf = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
};

export function createOriginPolicy(options: { appUrl: string; port: number; development: boolean; extraOrigins?: string[] }): OriginPolicy {
  const appOrigin = new URL(options.appUrl).origin;
  const exact = new Set([appOrigin, ...(options.extraOrigins ?? []).map((origin) => new URL(origin).origin)]);
  return {
    appOrigin,
    allows(origin) {
      const url = originOf(origin);
      if (!url || url.origin !== origin.replace(/\/$/, "")) return false;
      if (exact.has(url.origin)) return true;
      const port = url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port);
      return options.development && port === options.port && isLocalHost(url.hostname);
    },
  };
}

const foreignOrigin = defineError("FORBIDDEN_ORIGIN", 403, "This request did not come from the app's own pages.");
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state change a browser made for another site (CSRF), on every route: the Origin header
 * (or, when a browser leaves it out, the Referer's origin) must be allowed by the policy.
 *
 * With neither header: modern browsers send Origin on every cross-site POST, PUT, PATCH and DELETE
 * (and on same-origin ones too), so a request carrying neither comes from a non-browser client.
 * It passes when it carries no cookie (it then acts for nobody: sign-in from a script, a mail
 * provider's one-click unsubscribe) or targets an `exempt` route (Stripe's webhook, which proves
 * itself by its signature). With a cookie and neither header it is refused: that is not a browser
 * we know, and it is acting for a signed-in dad.
 */
export function originCheck(options: { policy: OriginPolicy; exemptPaths: string[]; privatePagePrefixes?: string[] }): MiddlewareHandler {
  const exempt = new Set(options.exemptPaths);
  // Pages that keep their address private (referrer policy no-referrer, as a guardian's token pages do) make the
  // browser send `Origin: null` on their own forms. Their routes act by the secret token in the path, never by the
  // session, so a null origin is accepted there; anywhere else it counts as another page.
  const privatePage = (path: string, origin: string | undefined) => origin === "null" && (options.privatePagePrefixes ?? []).some((prefix) => path.startsWith(prefix));
  const useInstead = `Please open the app at ${options.policy.appOrigin} and try again.`;
  // Not an async function: a GET (most requests) goes straight on, without a promise of this check's own.
  return (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next();
    const origin = c.req.header("origin");
    if (privatePage(c.req.path, origin)) return next();
    const referer = origin === undefined ? c.req.header("referer") : undefined;
    if (origin === undefined && referer === undefined) {
      if (c.req.header("cookie")) throw foreignOrigin(`This request carries no Origin header, so it cannot be trusted with your session. ${useInstead}`);
      return next();
    }
    const claimed = origin ?? originOf(referer ?? "")?.origin ?? "";
    if (!options.policy.allows(claimed)) {
      throw foreignOrigin(`This request came from ${claimed && claimed !== "null" ? claimed : "another page"}, not from the app's own address. ${useInstead}`);
    }
    return next();
  };
}
