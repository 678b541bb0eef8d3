import { Hono } from "hono";
import { editSaySchema, pocketDadLikeSchema, pocketDadRequestSchema, preferencesSchema, responseIdParamSchema, saveLegacySchema } from "../../../shared/pocket-dad";
import type { RateLimiter } from "../../http/rate-limit";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import { coachErrors } from "./coach.errors";
import type { CoachUsecases } from "./coach.usecases";

/** Pocket Dad questions a dad may ask in a minute. */
export const POCKET_DAD_ASKS_PER_MINUTE = 20;

export function registerCoachRoutes(options: { usecases: CoachUsecases; rateLimiter: RateLimiter }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  const limit = options.rateLimiter({ name: "pocket-dad", max: POCKET_DAD_ASKS_PER_MINUTE, error: () => coachErrors.rateLimited() });

  app.get("/api/pocket-dad/context", requireUser(), async (c) => c.json(await usecases.context(currentUser(c))));
  app.post("/api/pocket-dad", requireUser(), limit, validate("json", pocketDadRequestSchema), async (c) =>
    c.json(await usecases.ask(currentUser(c), c.req.valid("json"), c.req.raw.signal)),
  );
  app.put("/api/pocket-dad/preferences", requireUser(), validate("json", preferencesSchema), async (c) =>
    c.json(await usecases.savePreferences(currentUser(c), c.req.valid("json"))),
  );
  app.delete("/api/pocket-dad/memory", requireUser(), async (c) => c.json(await usecases.clearMemory(currentUser(c))));
  app.put("/api/pocket-dad/responses/:id/say", requireUser(), validate("param", responseIdParamSchema), validate("json", editSaySchema), async (c) =>
    c.json(await usecases.editSay(currentUser(c), c.req.valid("param").id, c.req.valid("json").say)),
  );
  app.post("/api/pocketdad-like", requireUser(), validate("json", pocketDadLikeSchema), async (c) =>
    c.json(await usecases.like(currentUser(c), c.req.valid("json").response_id)),
  );
  app.post("/api/pocketdad/save-legacy", requireUser(), validate("json", saveLegacySchema), async (c) =>
    c.json(await usecases.saveLegacy(currentUser(c), c.req.valid("json")), 201),
  );
  return app;
}
