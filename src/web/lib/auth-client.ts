import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * better-auth browser client. Import this module lazily from places that are on the
 * landing page's critical path (e.g. `await import("../lib/auth-client")` for sign-out)
 * so the landing bundle stays small.
 */
export const authClient = createAuthClient({
  baseURL: window.location.origin,
  basePath: "/api/auth",
  plugins: [twoFactorClient()],
});

export type AuthClient = typeof authClient;
