import { Hono } from "hono";
import type { Auth } from "./auth";
import { type AppEnv, withClientIp } from "./auth.middleware";

/** better-auth's own endpoints under /api/auth/*. */
export function registerAuthRoutes(options: { auth: Auth }) {
  const app = new Hono<AppEnv>();
  app.on(["GET", "POST"], "/api/auth/*", (c) => options.auth.handler(withClientIp(c.req.raw, c.get("clientIp"))));
  return app;
}
