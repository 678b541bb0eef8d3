import { Hono, type MiddlewareHandler } from "hono";
import { nodeRequestOf } from "../../http/app-env";
import { type AppEnv, currentUser, requireUser } from "../auth/auth.middleware";
import { UPLOADS_PATH, type UploadsUsecases } from "./uploads.usecases";

/**
 * The tus endpoint. Hono answers HEAD with the GET route, so GET /:id carries HEAD requests.
 * Starting an upload needs access (`requireAccess`: 403 ACCESS_REQUIRED once the free month is over without a plan).
 */
export function registerUploadsRoutes(options: { usecases: UploadsUsecases; requireAccess: MiddlewareHandler<AppEnv> }) {
  const app = new Hono<AppEnv>();
  app.post(UPLOADS_PATH, requireUser(), options.requireAccess, (c) => options.usecases.handle({ request: c.req.raw, userId: currentUser(c).id }));
  app.on(["GET", "PATCH", "DELETE"], `${UPLOADS_PATH}/:id`, requireUser(), (c) =>
    options.usecases.handle({ request: c.req.raw, userId: currentUser(c).id, uploadId: c.req.param("id"), body: nodeRequestOf(c.env) }),
  );
  return app;
}
