import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import type { SessionUser } from "../modules/auth/auth.types";
import { httpErrors } from "./app-error";

/**
 * The client's address and whether it is this machine itself (loopback, through no proxy). Worked out on
 * first read: most requests (pages, reads) never ask, and reading the request's headers is their largest cost.
 */
export type ClientAddress = { readonly ip: string; readonly isLocal: boolean };
/** What every request carries once the app's middleware ran (auth.middleware.ts sets them). */
export type AppVariables = {
  user: SessionUser | null;
  /** The request carried a session cookie, valid or not (set only when `user` is null). */
  sentSessionCookie?: boolean;
  client: ClientAddress;
};
export type AppEnv = { Variables: AppVariables };

/**
 * Every non-public route declares this; it answers 401 without a session. Like the app's other pass-through
 * middleware it hands on the next step's promise rather than awaiting it in a promise of its own.
 */
export function requireUser(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (!c.get("user")) throw httpErrors.unauthenticated();
    return next();
  };
}

/** The signed-in user; only valid behind requireUser(). */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw httpErrors.unauthenticated();
  return user;
}

/** The Node request behind a Hono request when served by @hono/node-server (absent under `app.request()` in tests). */
export const nodeRequestOf = (env: unknown) => (env as Partial<HttpBindings> | undefined)?.incoming;
