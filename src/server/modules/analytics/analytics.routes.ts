import { Hono } from "hono";
import { analyticsBatchSchema } from "../../../shared/analytics-events";
import { validate } from "../../http/validate";
import type { AppEnv } from "../../http/app-env";
import type { RateLimiter } from "../../http/rate-limit";
import type { AnalyticsUsecases } from "./analytics.usecases";

/** POST /api/events: the web app's batched product events and page views (public: visitors count too). */
export function registerAnalyticsRoutes(options: { usecases: AnalyticsUsecases; rateLimit: RateLimiter }) {
  const app = new Hono<AppEnv>();
  app.post("/api/events", options.rateLimit({ name: "events", max: 60 }), validate("json", analyticsBatchSchema), async (c) =>
    c.json(await options.usecases.record(c.req.valid("json"), c.get("user")), 202),
  );
  return app;
}
