import { Hono } from "hono";
import { submitDadDnaSchema } from "../../../shared/dad-dna";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import type { DadDnaUsecases } from "./dad-dna.usecases";

export function registerDadDnaRoutes(options: { usecases: DadDnaUsecases }) {
  const app = new Hono<AppEnv>();
  app.get("/api/dad-dna", requireUser(), async (c) => c.json(await options.usecases.get(currentUser(c))));
  app.post("/api/dad-dna", requireUser(), validate("json", submitDadDnaSchema), async (c) =>
    c.json(await options.usecases.submit(currentUser(c), c.req.valid("json"))),
  );
  return app;
}
