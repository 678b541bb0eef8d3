import type { SessionUser } from "../modules/auth/auth.types";

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
