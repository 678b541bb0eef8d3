import { Hono } from "hono";
import { type AppEnv, currentUser, requireUser } from "../auth/auth.middleware";
import type { NotificationsUsecases } from "./notifications.usecases";

export function registerNotificationsRoutes(options: { notifications: NotificationsUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/notifications", requireUser(), async (c) => c.json(await options.notifications.list(currentUser(c).id)));
  app.post("/api/notifications/mark-all-read", requireUser(), async (c) => c.json(await options.notifications.markAllRead(currentUser(c).id)));
  return app;
}
