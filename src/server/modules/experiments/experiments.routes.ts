import { Hono } from "hono";
import { assignmentInputSchema, conversionInputSchema } from "../../../shared/experiment";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { RateLimiter } from "../../http/rate-limit";
import type { ExperimentsUsecases } from "./experiments.usecases";

export function registerExperimentsRoutes(options: { usecases: ExperimentsUsecases; rateLimit: RateLimiter }) {
  const app = new Hono<AppEnv>();
  const limit = options.rateLimit({ name: "experiment", max: 30 });

  app.post("/api/experiment/assignments", limit, validate("json", assignmentInputSchema), async (c) =>
    c.json({ variant: (await options.usecases.assign(c.req.valid("json"))).variant }),
  );

  app.post("/api/experiment/conversions", limit, validate("json", conversionInputSchema), async (c) =>
    c.json(await options.usecases.convert({ ...c.req.valid("json"), user: c.get("user") })),
  );

  app.get("/api/experiment/metrics", requireUser(), async (c) => c.json(await options.usecases.metrics(currentUser(c))));
  return app;
}
