import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { httpErrors } from "./http/app-error";
import { createErrorHandler, type Logger } from "./http/error-handler";
import { securityHeaders } from "./http/security-headers";
import { registerWebApp } from "./http/web-app";
import { type AppEnv, clientIpMiddleware, sessionMiddleware } from "./modules/auth/auth.middleware";
import { rateLimit } from "./http/rate-limit";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { registerBillingRoutes } from "./modules/billing/billing.routes";
import { registerChecklistRoutes } from "./modules/checklist/checklist.routes";
import { registerGiftsRoutes } from "./modules/gifts/gifts.routes";
import { registerNotificationsRoutes } from "./modules/notifications/notifications.routes";
import { registerMailboxRoutes } from "./modules/email/email.routes";
import { registerHealthRoutes } from "./modules/health/health.routes";
import { registerProfilesRoutes } from "./modules/profiles/profiles.routes";
import type { Services } from "./services";

export type AppOptions = { services: Services; logger: Logger; webRoot?: string };

/** Builds the whole HTTP app from its dependencies (main.ts and the tests both use this). */
export function createApp({ services, logger, webRoot }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  app.use("*", securityHeaders({ https: services.appUrl.startsWith("https://") }));
  app.use("*", clientIpMiddleware({ trustProxy: services.trustProxy }));
  app.use("/api/*", bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw httpErrors.validation("The request body is too large."); } }));
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith("/api/auth/")) return next();
    return sessionMiddleware(services.auth)(c, next);
  });

  app.route("/", registerHealthRoutes({ pool: services.pool }));
  app.route("/", registerAuthRoutes({ auth: services.auth }));
  app.get("/api/config", (c) => c.json({ googleEnabled: Boolean(services.google), devMailbox: services.devMailbox, supportEmail: services.supportEmail }));
  app.route("/", registerProfilesRoutes({ usecases: services.profiles }));
  const limit = (name: string, max: number) => rateLimit({ db: services.db, name, max, windowSeconds: 60, enabled: services.rateLimit });
  app.route("/", registerBillingRoutes({ billing: services.billing, testCheckout: services.testCheckout, subscribeRateLimit: limit("checkout", 10) }));
  app.route("/", registerGiftsRoutes({ gifts: services.gifts, checkRateLimit: limit("gift-code", 20) }));
  app.route("/", registerNotificationsRoutes({ notifications: services.notifications }));
  app.route("/", registerChecklistRoutes({ checklist: services.checklist }));
  if (services.devMailbox) app.route("/", registerMailboxRoutes({ mailbox: services.mailbox }));

  app.all("/api/*", () => {
    throw httpErrors.notFound("No such API endpoint.");
  });
  if (webRoot) app.route("/", registerWebApp({ root: webRoot }));
  return app;
}

export type App = ReturnType<typeof createApp>;
