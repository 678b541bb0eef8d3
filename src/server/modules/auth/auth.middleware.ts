import type { Context, MiddlewareHandler } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { getSignedCookie } from "hono/cookie";
import { httpErrors } from "../../http/app-error";
import { type Auth, CLIENT_IP_HEADER, SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS } from "./auth";
import type { SessionsRepository } from "./auth.repository";

export type SessionUser = { id: string; email: string; emailVerified: boolean };
export type AppVariables = { user: SessionUser | null; clientIp: string };
export type AppEnv = { Variables: AppVariables };

/** The client's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIpMiddleware(options: { trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = "127.0.0.1";
    const forwarded = options.trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    if (forwarded) ip = forwarded;
    else {
      try {
        ip = getConnInfo(c).remote.address ?? ip;
      } catch {
        // app.request() in tests has no socket: treat it as loopback.
      }
    }
    c.set("clientIp", ip);
    await next();
  };
}

/**
 * Resolves the session once per API request. The fast path verifies better-auth's signed
 * session cookie and reads session and user in one query; a session due for extension (or
 * anything unusual) goes through better-auth itself, which extends it.
 */
export function sessionMiddleware(options: { auth: Auth; secret: string; sessions: SessionsRepository }): MiddlewareHandler<AppEnv> {
  const cookieName = options.auth.$context.then((context) => context.authCookies.sessionToken.name);
  return async (c, next) => {
    const token = await getSignedCookie(c, options.secret, await cookieName);
    const found = token ? await options.sessions.findByToken(token) : undefined;
    const now = Date.now();
    const refreshDue = found && found.expiresAt.getTime() - (SESSION_LIFETIME_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000 <= now;
    if (!found || found.expiresAt.getTime() <= now) {
      c.set("user", null);
    } else if (refreshDue) {
      const session = await options.auth.api.getSession({ headers: c.req.raw.headers });
      c.set("user", session ? { id: session.user.id, email: session.user.email, emailVerified: session.user.emailVerified } : null);
    } else {
      c.set("user", { id: found.userId, email: found.email, emailVerified: found.emailVerified });
    }
    await next();
  };
}

/** Every non-public route declares this; it answers 401 without a session. */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get("user")) throw httpErrors.unauthenticated();
    await next();
  };
}

/** The signed-in user; only valid behind requireUser(). */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw httpErrors.unauthenticated();
  return user;
}

/** better-auth reads the client address from a header only we set (a client's copy is replaced). */
export function withClientIp(request: Request, ip: string) {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}
