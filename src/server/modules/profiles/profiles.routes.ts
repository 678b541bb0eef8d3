import { Hono } from "hono";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { createProfilesUsecases } from "./profiles.usecases";

export function registerProfilesRoutes(options: { usecases: ReturnType<typeof createProfilesUsecases> }) {
  const app = new Hono<AppEnv>();
  // A visitor who never signed in gets 200 with no user, so every signed-out page load is not a failed request in
  // the browser's console; a session cookie that no longer works (signed out elsewhere, expired) still gets 401.
  app.get("/api/me", async (c, next) => (c.get("user") || c.get("sentSessionCookie") ? next() : c.json({ user: null, profile: null })), requireUser(), async (c) =>
    c.json(await options.usecases.getMe(currentUser(c))),
  );
  return app;
}
