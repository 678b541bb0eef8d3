import { Hono } from "hono";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { ChecklistUsecases } from "./checklist.usecases";

export function registerChecklistRoutes(options: { checklist: ChecklistUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/checklist", requireUser(), async (c) => c.json(await options.checklist.get(currentUser(c).id)));
  return app;
}
