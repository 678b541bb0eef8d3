import { Hono } from "hono";
import type { AppEnv } from "../../http/app-env";
import { currentUser, requireUser } from "../auth/auth.middleware";
import type { ChecklistUsecases } from "./checklist.usecases";

export function registerChecklistRoutes(options: { checklist: ChecklistUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/checklist", requireUser(), async (c) => c.json(await options.checklist.get(currentUser(c).id)));
  return app;
}
