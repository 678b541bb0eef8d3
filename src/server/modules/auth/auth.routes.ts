import { Hono } from "hono";
import type { Auth } from "./auth";
import type { AppEnv } from "../../http/app-env";
import { withClientIp } from "./auth.middleware";
import { TOTP_VERIFY_PATH, type TotpReuseGuard } from "./auth.totp-reuse";

/** better-auth's own endpoints under /api/auth/*; a TOTP code goes through the reuse guard. */
export function registerAuthRoutes(options: { auth: Auth; totpReuseGuard: TotpReuseGuard }) {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const request = withClientIp(c.req.raw, c.get("client").ip);
    if (c.req.method === "POST" && c.req.path === TOTP_VERIFY_PATH) return inAppErrorShape(await options.totpReuseGuard(request, options.auth.handler));
    return inAppErrorShape(await options.auth.handler(request));
  });
  return app;
}

/**
 * better-auth answers errors as `{ message, code }`; every other route answers `{ error: { code, message } }`
 * (README). Error responses are rewritten into that one shape, keeping status and headers (Set-Cookie,
 * Retry-After); the web's auth client reads it back (src/web/lib/auth-client.ts).
 */
async function inAppErrorShape(response: Response) {
  if (response.status < 400) return response;
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown; message?: unknown; error?: unknown } | null;
  if (body && typeof body.error === "object" && body.error !== null) return response;
  const code = response.status === 429 ? "RATE_LIMITED" : typeof body?.code === "string" && body.code ? body.code : `HTTP_${response.status}`;
  const message = typeof body?.message === "string" && body.message ? body.message : response.status === 429 ? "Too many attempts. Please wait a minute and try again." : "The request could not be handled.";
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ error: { code, message } }), { status: response.status, headers });
}
