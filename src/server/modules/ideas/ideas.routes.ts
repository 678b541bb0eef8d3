import { Hono } from "hono";
import { type AppEnv, requireUser } from "../../http/app-env";
import type { IdeasUsecases } from "./ideas.usecases";

export function registerIdeasRoutes(options: { usecases: IdeasUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/ideas", requireUser(), async (c) => c.json(await options.usecases.library()));
  return app;
}
