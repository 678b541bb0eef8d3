import { Hono } from "hono";
import { type AppEnv, currentUser, requireUser } from "../auth/auth.middleware";
import type { createProfilesUsecases } from "./profiles.usecases";

export function registerProfilesRoutes(options: { usecases: ReturnType<typeof createProfilesUsecases> }) {
  const app = new Hono<AppEnv>();
  app.get("/api/me", requireUser(), async (c) => c.json(await options.usecases.getMe(currentUser(c))));
  return app;
}
