import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { httpErrors } from "./http/app-error";
import { createErrorHandler, type Logger } from "./http/error-handler";
import { securityHeaders } from "./http/security-headers";
import { registerWebApp } from "./http/web-app";
import { type AppEnv, clientIpMiddleware, sessionMiddleware } from "./modules/auth/auth.middleware";
import { registerAnalyticsRoutes } from "./modules/analytics/analytics.routes";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { registerMailboxRoutes } from "./modules/email/email.routes";
import { registerExperimentsRoutes } from "./modules/experiments/experiments.routes";
import { registerHealthRoutes } from "./modules/health/health.routes";
import { registerMarketingRoutes } from "./modules/marketing/marketing.routes";
import { registerSeoRoutes } from "./modules/marketing/seo.routes";
import { registerProfilesRoutes } from "./modules/profiles/profiles.routes";
import type { Services } from "./services";

export type AppOptions = { services: Services; logger: Logger; webRoot?: string };

/** Builds the whole HTTP app from its dependencies (main.ts and the tests both use this). */
export function createApp({ services, logger, webRoot }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  app.use("*", securityHeaders({ https: services.appUrl.startsWith("https://"), metaPixel: Boolean(services.metaPixelId) }));
  app.use("*", clientIpMiddleware({ trustProxy: services.trustProxy }));
  app.use("/api/*", bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw httpErrors.validation("The request body is too large."); } }));
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith("/api/auth/")) return next();
    return sessionMiddleware(services.auth)(c, next);
  });

  app.route("/", registerHealthRoutes({ pool: services.pool }));
  app.route("/", registerAuthRoutes({ auth: services.auth }));
  app.get("/api/config", (c) =>
    c.json({ googleEnabled: Boolean(services.google), devMailbox: services.devMailbox, metaPixelId: services.metaPixelId ?? null }),
  );
  app.route("/", registerProfilesRoutes({ usecases: services.profiles }));
  app.route("/", registerExperimentsRoutes({ usecases: services.experiments, rateLimit: services.rateLimit }));
  app.route("/", registerMarketingRoutes({ marketing: services.marketing, reads: services.reads, rateLimit: services.rateLimit }));
  app.route("/", registerAnalyticsRoutes({ usecases: services.analytics, rateLimit: services.rateLimit }));
  app.route("/", registerSeoRoutes({ appUrl: services.appUrl }));
  if (services.devMailbox) app.route("/", registerMailboxRoutes({ mailbox: services.mailbox }));

  app.all("/api/*", () => {
    throw httpErrors.notFound("No such API endpoint.");
  });
  if (webRoot) app.route("/", registerWebApp({ root: webRoot, appUrl: services.appUrl }));
  return app;
}

export type App = ReturnType<typeof createApp>;
