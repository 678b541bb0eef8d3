import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../modules/auth/auth.middleware";
import type { AppError } from "./app-error";

/**
 * A fixed-window limit per signed-in user (or client address), kept in this process's memory.
 * Behind requireUser(). Off when RATE_LIMIT=off.
 */
export function rateLimitPerUser(options: { limit: number; windowMs: number; enabled: boolean; error: () => AppError }): MiddlewareHandler<AppEnv> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    if (options.enabled) {
      const key = c.get("user")?.id ?? c.get("clientIp");
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now - window.start >= options.windowMs) {
        if (windows.size > 10_000) windows.clear();
        window = { start: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > options.limit) {
        c.header("Retry-After", String(Math.ceil((window.start + options.windowMs - now) / 1000)));
        throw options.error();
      }
    }
    await next();
  };
}
