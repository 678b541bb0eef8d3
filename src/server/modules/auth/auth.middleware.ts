import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createHmac, timingSafeEqual } from "node:crypto";
import { parse as parseCookies } from "hono/utils/cookie";
import { type Auth, CLIENT_IP_HEADER, SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS } from "./auth";
import type { SessionsRepository } from "./auth.repository";
import type { SessionCache } from "./auth.session-cache";
import { type AppEnv, type ClientAddress, nodeRequestOf } from "../../http/app-env";
import type { CachedSession } from "./auth.types";

// The memories, videos and uploads modules still import these from here; they move to auth.types.ts and
// http/app-env.ts with the memory-table rewrite, and these lines go then.
export type { SessionUser } from "./auth.types";
export { type AppEnv, currentUser, requireUser } from "../../http/app-env";

/**
 * The address a trusted proxy saw, as Express's `trust proxy` reads it: each of the `hops` proxies in front
 * of the app appends the address it received from, so the client's is `hops` entries from the right. The
 * entries left of it are whatever the client wrote and are never used. Fewer entries than hops: the leftmost.
 */
export function forwardedClientIp(header: string | undefined, hops: number) {
  if (!header || hops < 1) return undefined;
  const entries = header.split(",").map((entry) => entry.trim()).filter(Boolean);
  return entries[Math.max(0, entries.length - hops)];
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(ip: string) {
  const v4 = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  return v4.startsWith("127.") || ip === "::1";
}

/** The client's address: the socket's, or the one the trusted proxies recorded (TRUST_PROXY). */
export function clientIpMiddleware(options: { trustProxyHops: number }): MiddlewareHandler<AppEnv> {
  const resolve = (c: Context<AppEnv>): ClientAddress => {
    let ip = "127.0.0.1";
    const forwarded = forwardedClientIp(c.req.header("x-forwarded-for"), options.trustProxyHops);
    if (forwarded) ip = forwarded;
    else {
      try {
        ip = getConnInfo(c).remote.address ?? ip;
      } catch {
        // app.request() in tests has no socket: treat it as loopback.
      }
    }
    // Without TRUST_PROXY, a loopback socket carrying forwarding headers is a proxy on this machine relaying someone else.
    const relayed = options.trustProxyHops === 0 && Boolean(c.req.header("x-forwarded-for") ?? c.req.header("forwarded") ?? c.req.header("x-real-ip"));
    return { ip, isLocal: isLoopbackAddress(ip) && !relayed };
  };
  // Not an async function: awaiting next() in one would add a promise to every request for nothing.
  return (c, next) => {
    c.set("client", new LazyClientAddress(() => resolve(c)));
    return next();
  };
}

/**
 * A class rather than an object literal with getters: the literal made V8 build fresh accessors on every
 * request, and the app's GC time per request grew eightfold (/healthz: 12.6k against 21.5k req/s).
 */
class LazyClientAddress implements ClientAddress {
  #resolve: () => ClientAddress;
  #resolved: ClientAddress | undefined;
  constructor(resolve: () => ClientAddress) {
    this.#resolve = resolve;
  }
  get ip() {
    return (this.#resolved ??= this.#resolve()).ip;
  }
  get isLocal() {
    return (this.#resolved ??= this.#resolve()).isLocal;
  }
}

/**
 * The request's Cookie header. Served by node:http it is read from the Node request's headers: reading it through the
 * Fetch API Request first builds a Headers object of every header the browser sent, for this one.
 */
function cookieHeader(c: Context) {
  return nodeRequestOf(c.env)?.headers.cookie ?? c.req.raw.headers.get("cookie") ?? undefined;
}

/** The session token from better-auth's signed cookie value (`token.base64(HMAC-SHA256)`), or null if absent or forged. */
export function verifiedSessionToken(value: string | undefined, secret: string) {
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Cookie headers with a genuine session cookie remembered, past this the memory starts over. */
const MAX_VERIFIED_COOKIES = 10_000;
/** Longer Cookie headers are read every time: 10,000 of them fill at most some 10 MB (a session cookie is about 100 characters). */
const MAX_REMEMBERED_HEADER_LENGTH = 1024;

/**
 * Resolves the session once per API request. The fast path verifies better-auth's signed session
 * cookie, then takes the session from the few-second cache or reads session and user in one query;
 * a session due for extension goes through better-auth itself, which extends it.
 */
export function sessionMiddleware(options: { auth: Auth; secret: string; sessions: SessionsRepository; cache: SessionCache }): MiddlewareHandler<AppEnv> {
  // Known once better-auth has started: read as a plain value from then on, not awaited on every request.
  let cookieName: string | undefined;
  const cookieNameReady = options.auth.$context.then((context) => (cookieName = context.authCookies.sessionToken.name));
  /** The session read from the database (not in the cache), then remembered for the next few seconds. */
  async function readSession(token: string): Promise<CachedSession | undefined> {
    const generation = options.cache.generation();
    const found = await options.sessions.findByToken(token);
    if (!found) return undefined;
    const session = { user: { id: found.userId, email: found.email, emailVerified: found.emailVerified }, expiresAt: found.expiresAt };
    options.cache.remember(token, session, generation);
    return session;
  }

  // Cookie headers already read, with their session token: a page's burst of API calls sends the same header and pays for
  // one reading (splitting, decoding: more than the rest of this check) and one HMAC. Only headers with a genuine session
  // cookie are kept (a forged one is checked every time), so nobody can fill this with values of their own making.
  let verified = new Map<string, string>();
  /** The header's session token (null: none, or forged) and whether it sent a session cookie at all. */
  function sessionCookieOf(header: string | undefined, name: string) {
    const known = header === undefined ? undefined : verified.get(header);
    if (known !== undefined) return { token: known, sent: true };
    const value = header ? parseCookies(header, name)[name] : undefined;
    const token = verifiedSessionToken(value, options.secret);
    if (token !== null && header !== undefined && header.length <= MAX_REMEMBERED_HEADER_LENGTH) {
      if (verified.size >= MAX_VERIFIED_COOKIES) verified = new Map();
      verified.set(header, token);
    }
    return { token, sent: value !== undefined };
  }

  return async (c, next) => {
    const { token, sent } = sessionCookieOf(cookieHeader(c), cookieName ?? (await cookieNameReady));
    // A cached session is taken as it is: a promise per request only when the database is asked.
    const found = token ? (options.cache.find(token) ?? (await readSession(token))) : undefined;
    const now = Date.now();
    const refreshDue = found && found.expiresAt.getTime() - (SESSION_LIFETIME_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000 <= now;
    if (!found || found.expiresAt.getTime() <= now) {
      c.set("user", null);
      c.set("sentSessionCookie", sent);
    } else if (refreshDue) {
      const session = await options.auth.api.getSession({ headers: c.req.raw.headers });
      c.set("user", session ? { id: session.user.id, email: session.user.email, emailVerified: session.user.emailVerified } : null);
    } else {
      c.set("user", found.user);
    }
    await next();
  };
}

/** better-auth reads the client address from a header only we set (a client's copy is replaced). */
export function withClientIp(request: Request, ip: string) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}
