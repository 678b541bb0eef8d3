import { Hono } from "hono";
import { notificationSettingsSchema, profileInputSchema } from "../../../shared/settings";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { SettingsUsecases } from "./settings.usecases";

export function registerSettingsRoutes(options: { usecases: SettingsUsecases }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  app.get("/api/settings", requireUser(), async (c) => c.json(await usecases.get({ userId: currentUser(c).id })));
  app.put("/api/settings/profile", requireUser(), validate("json", profileInputSchema), async (c) =>
    c.json(await usecases.updateProfile({ userId: currentUser(c).id, values: c.req.valid("json") })),
  );
  app.put("/api/settings/notifications", requireUser(), validate("json", notificationSettingsSchema), async (c) =>
    c.json(await usecases.saveNotifications({ userId: currentUser(c).id, values: c.req.valid("json") })),
  );
  return app;
}
