import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { rateLimits } from "../modules/auth/auth.table";
import type { AppEnv } from "./app-env";
import { type AppError, defineError } from "./app-error";

const tooManyRequests = defineError("RATE_LIMITED", 429, "Too many attempts. Please wait a minute and try again.");

export type RateLimitRule = { name: string; max: number; windowSeconds?: number; error?: () => AppError };
export type RateLimiter = (rule: RateLimitRule) => MiddlewareHandler<AppEnv>;

/**
 * Fixed-window limits counted in PostgreSQL (better-auth's rate_limits table, under our own key
 * prefix), so a limit holds across restarts and app nodes. Counted per signed-in user, otherwise
 * per client address. `enabled: false` turns every limit off (RATE_LIMIT=off).
 */
export function createRateLimiter(options: { db: Database; enabled: boolean }): RateLimiter {
  return ({ name, max, windowSeconds = 60, error = tooManyRequests }) =>
    async (c, next) => {
      if (!options.enabled) return next();
      const key = `app:${name}:${c.get("user")?.id ?? c.get("client").ip}`;
      const now = Date.now();
      const windowStart = now - windowSeconds * 1000;
      const [row] = await options.db
        .insert(rateLimits)
        .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${rateLimits.lastRequest} < ${windowStart} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            lastRequest: sql`CASE WHEN ${rateLimits.lastRequest} < ${windowStart} THEN ${now} ELSE ${rateLimits.lastRequest} END`,
          },
        })
        .returning({ count: rateLimits.count, lastRequest: rateLimits.lastRequest });
      if ((row?.count ?? 0) > max) {
        c.header("Retry-After", String(Math.max(1, Math.ceil((row.lastRequest + windowSeconds * 1000 - now) / 1000))));
        throw error();
      }
      await next();
    };
}
