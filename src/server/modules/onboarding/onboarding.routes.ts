import { Hono } from "hono";
import { submitOnboardingSchema } from "../../../shared/onboarding";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { OnboardingUsecases } from "./onboarding.usecases";

export function registerOnboardingRoutes(options: { usecases: OnboardingUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/onboarding", requireUser(), async (c) => c.json(await options.usecases.get(currentUser(c))));
  app.post("/api/onboarding", requireUser(), validate("json", submitOnboardingSchema), async (c) =>
    c.json(await options.usecases.submit(currentUser(c), c.req.valid("json").answers)),
  );
  return app;
}
