import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { httpErrors } from "./http/app-error";
import { createErrorHandler, type Logger } from "./http/error-handler";
import { securityHeaders } from "./http/security-headers";
import { registerWebApp } from "./http/web-app";
import { type AppEnv, clientIpMiddleware, sessionMiddleware } from "./modules/auth/auth.middleware";
import { registerAccountRoutes } from "./modules/account/account.routes";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { registerCommentsRoutes } from "./modules/comments/comments.routes";
import { registerChildrenRoutes } from "./modules/children/children.routes";
import { registerMailboxRoutes } from "./modules/email/email.routes";
import { registerHealthRoutes } from "./modules/health/health.routes";
import { registerProfilesRoutes } from "./modules/profiles/profiles.routes";
import { registerSettingsRoutes } from "./modules/settings/settings.routes";
import { registerStorageRoutes } from "./modules/storage/storage.routes";
import { registerUploadsRoutes } from "./modules/uploads/uploads.routes";
import { UPLOADS_PATH } from "./modules/uploads/uploads.usecases";
import { registerVideosRoutes } from "./modules/videos/videos.routes";
import type { Services } from "./services";

/** Routes that accept file bodies beyond 1 MB (each declares its own limit). */
const LARGE_BODY_PATHS = [/^\/api\/children\/[^/]+\/photo$/];

export type AppOptions = { services: Services; logger: Logger; webRoot?: string };

/** Builds the whole HTTP app from its dependencies (main.ts and the tests both use this). */
export function createApp({ services, logger, webRoot }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  app.use("*", securityHeaders({ https: services.appUrl.startsWith("https://"), storageOrigin: services.storageLinkOrigin }));
  app.use("*", clientIpMiddleware({ trustProxy: services.trustProxy }));
  const jsonBodyLimit = bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw httpErrors.validation("The request body is too large."); } });
  // Uploads set their own, larger limit on their route; tus chunks (6 MiB) are capped by the upload's declared size.
  app.use("/api/*", (c, next) => (c.req.path.startsWith(UPLOADS_PATH) || LARGE_BODY_PATHS.some((pattern) => pattern.test(c.req.path)) ? next() : jsonBodyLimit(c, next)));
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith("/api/auth/")) return next();
    return sessionMiddleware(services.auth)(c, next);
  });

  app.route("/", registerHealthRoutes({ pool: services.pool }));
  app.route("/", registerAuthRoutes({ auth: services.auth }));
  app.get("/api/config", (c) => c.json({ googleEnabled: Boolean(services.google), devMailbox: services.devMailbox }));
  app.route("/", registerProfilesRoutes({ usecases: services.profiles }));
  app.route("/", registerChildrenRoutes({ usecases: services.children }));
  app.route("/", registerSettingsRoutes({ usecases: services.settings }));
  app.route("/", registerAccountRoutes({ usecases: services.account, auth: services.auth }));
  app.route("/", registerUploadsRoutes({ usecases: services.uploads }));
  app.route("/", registerVideosRoutes({ usecases: services.videos }));
  app.route("/", registerCommentsRoutes({ usecases: services.comments }));
  if (services.localStorage) app.route("/", registerStorageRoutes({ local: services.localStorage }));
  if (services.devMailbox) app.route("/", registerMailboxRoutes({ mailbox: services.mailbox }));

  app.all("/api/*", () => {
    throw httpErrors.notFound("No such API endpoint.");
  });
  if (webRoot) app.route("/", registerWebApp({ root: webRoot }));
  return app;
}

export type App = ReturnType<typeof createApp>;
