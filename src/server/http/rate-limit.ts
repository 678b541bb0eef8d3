import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimits } from "../modules/auth/auth.table";
import type { AppEnv } from "../modules/auth/auth.middleware";
import { defineError } from "./app-error";

const tooManyRequests = defineError("RATE_LIMITED", 429, "Too many attempts. Please wait a minute and try again.");

/**
 * A fixed-window limit per client address, counted in PostgreSQL (the table better-auth uses,
 * under our own key prefix) so it holds across app nodes. `enabled: false` turns it off (RATE_LIMIT=off).
 */
export function rateLimit(options: { db: Database; name: string; max: number; windowSeconds: number; enabled: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!options.enabled) return next();
    const key = `app:${options.name}:${c.get("clientIp")}`;
    const now = Date.now();
    const windowStart = now - options.windowSeconds * 1000;
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
      .returning({ count: rateLimits.count });
    if ((row?.count ?? 0) > options.max) throw tooManyRequests();
    await next();
  };
}
