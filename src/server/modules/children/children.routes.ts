import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { CHILD_PHOTO_MAX_BYTES, childInputSchema } from "../../../shared/children";
import { validate } from "../../http/validate";
import { type AppEnv, currentUser, requireUser } from "../../http/app-env";
import { childErrors } from "./children.errors";
import type { ChildrenUsecases } from "./children.usecases";

/** A malformed id is simply a child that does not exist: 404, like another user's child. */
const childIdOr404: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!z.uuid().safeParse(c.req.param("id")).success) throw childErrors.notFound();
  await next();
};

export function registerChildrenRoutes(options: { usecases: ChildrenUsecases }) {
  const { usecases } = options;
  const app = new Hono<AppEnv>();
  const owner = (c: Parameters<typeof currentUser>[0], id: string) => ({ userId: currentUser(c).id, childId: id });

  app.get("/api/children", requireUser(), async (c) => c.json({ children: await usecases.list({ userId: currentUser(c).id }) }));
  app.post("/api/children", requireUser(), validate("json", childInputSchema), async (c) =>
    c.json({ child: await usecases.create({ userId: currentUser(c).id, ...c.req.valid("json") }) }, 201),
  );
  app.get("/api/children/:id", requireUser(), childIdOr404, async (c) => c.json({ child: await usecases.get(owner(c, c.req.param("id"))) }));
  app.patch("/api/children/:id", requireUser(), childIdOr404, validate("json", childInputSchema), async (c) =>
    c.json({ child: await usecases.update({ ...owner(c, c.req.param("id")), ...c.req.valid("json") }) }),
  );
  app.delete("/api/children/:id", requireUser(), childIdOr404, async (c) => {
    await usecases.delete(owner(c, c.req.param("id")));
    return c.body(null, 204);
  });
  // The cropped photo as the raw request body (image bytes), at most 20 MB.
  app.put(
    "/api/children/:id/photo",
    requireUser(),
    childIdOr404,
    bodyLimit({ maxSize: CHILD_PHOTO_MAX_BYTES, onError: () => { throw childErrors.photoTooLarge(); } }),
    async (c) => c.json({ child: await usecases.setPhoto({ ...owner(c, c.req.param("id")), bytes: new Uint8Array(await c.req.arrayBuffer()) }) }),
  );
  app.delete("/api/children/:id/photo", requireUser(), childIdOr404, async (c) => c.json({ child: await usecases.removePhoto(owner(c, c.req.param("id"))) }));
  return app;
}
