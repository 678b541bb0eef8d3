import type { MiddlewareHandler } from "hono";
import { defineError } from "../../http/app-error";
import type { AppEnv } from "../auth/auth.middleware";
import type { RateLimitRepository } from "./rate-limit.repository";

export const rateLimitErrors = {
  tooMany: defineError("RATE_LIMITED", 429, "Too many requests. Please wait a minute and try again."),
};

export type RateLimiter = (rule: { name: string; max: number; windowSeconds?: number }) => MiddlewareHandler<AppEnv>;

/** Per client address and rule: more than `max` requests in the window answer 429. Off when RATE_LIMIT=off. */
export function createRateLimiter(options: { enabled: boolean; repository: RateLimitRepository }): RateLimiter {
  return ({ name, max, windowSeconds = 60 }) =>
    async (c, next) => {
      if (options.enabled) {
        const count = await options.repository.hit({ key: `${name}:${c.get("clientIp")}`, windowSeconds });
        if (count > max) {
          c.header("Retry-After", String(windowSeconds));
          throw rateLimitErrors.tooMany();
        }
      }
      await next();
    };
}
