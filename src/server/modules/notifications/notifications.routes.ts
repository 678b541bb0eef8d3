import { Hono } from "hono";
import { z } from "zod";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import { notificationErrors } from "./notifications.errors";
import type { NotificationsUsecases } from "./notifications.usecases";

export function registerNotificationsRoutes(options: { notifications: NotificationsUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/notifications", requireUser(), async (c) => c.json(await options.notifications.list(currentUser(c).id)));
  app.post("/api/notifications/mark-all-read", requireUser(), async (c) => c.json(await options.notifications.markAllRead(currentUser(c).id)));
  app.post("/api/notifications/:id/read", requireUser(), async (c) => {
    // A malformed id is simply a notification that does not exist: 404, like another user's.
    const id = c.req.param("id");
    if (!z.uuid().safeParse(id).success) throw notificationErrors.notFound();
    return c.json(await options.notifications.markRead({ userId: currentUser(c).id, id }));
  });
  return app;
}
