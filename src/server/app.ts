import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { httpErrors } from "./http/app-error";
import { createErrorHandler, type Logger, uniformErrorBodies } from "./http/error-handler";
import { inputGuard } from "./http/input-guard";
import { originCheck } from "./http/origin-check";
import { securityHeaderList, withSecurityHeaders } from "./http/security-headers";
import { registerWebApp } from "./http/web-app";
import { type AppEnv, clientIpMiddleware, sessionMiddleware } from "./modules/auth/auth.middleware";
import { registerAccountRoutes } from "./modules/account/account.routes";
import { registerAnalyticsRoutes } from "./modules/analytics/analytics.routes";
import { registerAuthRoutes } from "./modules/auth/auth.routes";
import { requireAccess } from "./modules/billing/billing.middleware";
import { registerBillingRoutes, STRIPE_WEBHOOK_PATH } from "./modules/billing/billing.routes";
import { registerChecklistRoutes } from "./modules/checklist/checklist.routes";
import { registerCommentsRoutes } from "./modules/comments/comments.routes";
import { registerChildrenRoutes } from "./modules/children/children.routes";
import { registerChildKeyRoutes } from "./modules/guardians/guardians.child-key.routes";
import { registerGuardianPages } from "./modules/guardians/guardians.pages";
import { registerGuardiansRoutes } from "./modules/guardians/guardians.routes";
import { registerExportRoutes } from "./modules/export/export.routes";
import { registerGiftsRoutes } from "./modules/gifts/gifts.routes";
import { registerNotificationsRoutes } from "./modules/notifications/notifications.routes";
import { registerMailboxRoutes } from "./modules/email/email.routes";
import { registerCoachRoutes } from "./modules/coach/coach.routes";
import { registerOnboardingRoutes } from "./modules/onboarding/onboarding.routes";
import { registerDadDnaRoutes } from "./modules/dad-dna/dad-dna.routes";
import { registerHealthRoutes } from "./modules/health/health.routes";
import { registerIdeasRoutes } from "./modules/ideas/ideas.routes";
import { NARRATION_UPLOAD_PATH, registerMemoriesRoutes } from "./modules/memories/memories.routes";
import { registerExperimentsRoutes } from "./modules/experiments/experiments.routes";
import { registerMarketingRoutes } from "./modules/marketing/marketing.routes";
import { registerSeoRoutes } from "./modules/marketing/seo.routes";
import { registerProfilesRoutes } from "./modules/profiles/profiles.routes";
import { registerSettingsRoutes } from "./modules/settings/settings.routes";
import { registerStorageRoutes } from "./modules/storage/storage.routes";
import { registerUploadsRoutes } from "./modules/uploads/uploads.routes";
import { UPLOADS_PATH } from "./modules/uploads/uploads.usecases";
import { registerVideosRoutes } from "./modules/videos/videos.routes";
import type { Services } from "./services";

/** Routes that accept file bodies beyond 1 MB (each declares its own limit). */
const LARGE_BODY_PATHS = [/^\/api\/children\/[^/]+\/photo$/, new RegExp(`^${NARRATION_UPLOAD_PATH}$`)];

export type AppOptions = { services: Services; logger: Logger; webRoot?: string };

/** Builds the whole HTTP app from its dependencies (main.ts and the tests both use this). */
export function createApp({ services, logger, webRoot }: AppOptions) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  app.use("/api/*", uniformErrorBodies());
  app.use("*", clientIpMiddleware({ trustProxyHops: services.trustProxyHops }));
  // Stripe's webhook has no Origin and proves itself by its signature.
  app.use("*", originCheck({ policy: services.originPolicy, exemptPaths: [STRIPE_WEBHOOK_PATH], privatePagePrefixes: ["/family/"] }));
  const jsonBodyLimit = bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw httpErrors.validation("The request body is too large."); } });
  // Uploads set their own, larger limit on their route; tus chunks (6 MiB) are capped by the upload's declared size.
  // GET and HEAD carry no body: skipping them spares building the full Request just to find that out.
  const bodyless = (method: string) => method === "GET" || method === "HEAD";
  app.use("/api/*", (c, next) =>
    bodyless(c.req.method) || c.req.path.startsWith(UPLOADS_PATH) || LARGE_BODY_PATHS.some((pattern) => pattern.test(c.req.path)) ? next() : jsonBodyLimit(c, next),
  );
  // NUL, unpaired surrogates, malformed percent-encodings and JSON nested too deep: a 400 here instead of a 500 later.
  app.use("*", inputGuard());
  const resolveSession = sessionMiddleware({ auth: services.auth, secret: services.authSecret, sessions: services.sessions, cache: services.sessionCache });
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith("/api/auth/")) return next();
    return resolveSession(c, next);
  });

  const mailboxAllows = (c: Context<AppEnv>) => services.devMailbox === "anyone" || (services.devMailbox === "loopback" && c.get("client").isLocal);
  app.route("/", registerHealthRoutes({ pool: services.pool }));
  app.route("/", registerAuthRoutes({ auth: services.auth, totpReuseGuard: services.totpReuseGuard }));
  app.get("/api/config", (c) =>
    c.json({ googleEnabled: Boolean(services.google), devMailbox: mailboxAllows(c), supportEmail: services.supportEmail, metaPixelId: services.metaPixelId ?? null, testMode: services.testModeBanner }),
  );
  app.route("/", registerProfilesRoutes({ usecases: services.profiles }));
  app.route("/", registerMemoriesRoutes({ usecases: services.memories, requireAccess: requireAccess(services.billing) }));
  app.route("/", registerIdeasRoutes({ usecases: services.ideas }));
  app.route("/", registerChildrenRoutes({ usecases: services.children }));
  app.route("/", registerSettingsRoutes({ usecases: services.settings }));
  app.route("/", registerAccountRoutes({ usecases: services.account, auth: services.auth }));
  app.route("/", registerUploadsRoutes({ usecases: services.uploads, requireAccess: requireAccess(services.billing) }));
  app.route("/", registerVideosRoutes({ usecases: services.videos, requireAccess: requireAccess(services.billing) }));
  app.route("/", registerCommentsRoutes({ usecases: services.comments }));
  app.route("/", registerExportRoutes({ usecases: services.export }));
  if (services.localStorage) app.route("/", registerStorageRoutes({ local: services.localStorage }));
  app.route("/", registerCoachRoutes({ usecases: services.coach, rateLimiter: services.rateLimiter }));
  app.route("/", registerOnboardingRoutes({ usecases: services.onboarding }));
  app.route("/", registerDadDnaRoutes({ usecases: services.dadDna }));
  const limit = (name: string, max: number) => services.rateLimiter({ name, max });
  app.route("/", registerBillingRoutes({ billing: services.billing, testCheckout: services.testCheckout, subscribeRateLimit: limit("checkout", 10) }));
  app.route("/", registerGiftsRoutes({ gifts: services.gifts, checkRateLimit: limit("gift-code", 20) }));
  app.route("/", registerGuardiansRoutes({ usecases: services.guardians, deliveries: services.familyDeliveries, confirmations: services.milestoneConfirmations, legacy: services.legacy, rateLimit: services.rateLimiter }));
  app.route("/", registerChildKeyRoutes({ usecases: services.childKey, rateLimit: services.rateLimiter }));
  app.route(
    "/",
    registerGuardianPages({
      usecases: services.guardians,
      links: services.familyLinks,
      confirmations: services.milestoneConfirmations,
      legacy: services.legacy,
      childArchive: services.export.buildChildArchive,
      rateLimit: services.rateLimiter,
    }),
  );
  app.route("/", registerNotificationsRoutes({ notifications: services.notifications }));
  app.route("/", registerChecklistRoutes({ checklist: services.checklist }));
  app.route("/", registerExperimentsRoutes({ usecases: services.experiments, rateLimit: services.rateLimiter }));
  app.route("/", registerMarketingRoutes({ marketing: services.marketing, reads: services.reads, rateLimit: services.rateLimiter }));
  app.route("/", registerAnalyticsRoutes({ usecases: services.analytics, rateLimit: services.rateLimiter }));
  app.route("/", registerSeoRoutes({ appUrl: services.appUrl }));
  if (services.devMailbox !== "none") app.route("/", registerMailboxRoutes({ mailbox: services.mailbox, allows: mailboxAllows }));

  app.all("/api/*", () => {
    throw httpErrors.notFound("No such API endpoint.");
  });
  if (webRoot) app.route("/", registerWebApp({ root: webRoot, appUrl: services.appUrl }));
  return app;
}

export type App = ReturnType<typeof createApp>;

/** Serves the app over node:http on `port` (0: any free one); every response carries the security headers. */
export function serveApp(app: App, services: Services, port: number, onListening?: (info: AddressInfo) => void) {
  const headers = securityHeaderList({ https: services.appUrl.startsWith("https://"), storageOrigin: services.storageLinkOrigin, metaPixel: Boolean(services.metaPixelId) });
  const server = createServer(withSecurityHeaders(getRequestListener(app.fetch), headers));
  return server.listen(port, () => onListening?.(server.address() as AddressInfo));
}
