import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiRateLimits } from "./rate-limit.table";

export function createRateLimitRepository(db: Database) {
  return {
    /** Counts one request for `key` in its current window (a new window starts once the old one is over); returns the count. */
    async hit(options: { key: string; windowSeconds: number }) {
      const windowStart = sql`now() - make_interval(secs => ${options.windowSeconds})`;
      const [row] = await db
        .insert(apiRateLimits)
        .values({ key: options.key, windowStartedAt: sql`now()`, count: 1 })
        .onConflictDoUpdate({
          target: apiRateLimits.key,
          set: {
            count: sql`case when ${apiRateLimits.windowStartedAt} < ${windowStart} then 1 else ${apiRateLimits.count} + 1 end`,
            windowStartedAt: sql`case when ${apiRateLimits.windowStartedAt} < ${windowStart} then now() else ${apiRateLimits.windowStartedAt} end`,
          },
        })
        .returning({ count: apiRateLimits.count });
      return row?.count ?? 1;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
