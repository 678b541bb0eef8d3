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
  fetchOptions: { onResponse: ({ response }) => flattenAppError(response) },
});

/**
 * The server answers /api/auth errors as `{ error: { code, message } }` like every route; better-auth's
 * client reads `code` and `message` at the top level, so the body is handed to it flattened.
 */
async function flattenAppError(response: Response) {
  if (response.ok) return response;
  const body = (await response.clone().json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!body?.error) return response;
  return new Response(JSON.stringify(body.error), { status: response.status, statusText: response.statusText, headers: response.headers });
}

export type AuthClient = typeof authClient;
