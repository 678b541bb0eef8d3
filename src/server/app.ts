import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type pg from "pg";
import { httpErrors } from "./http/app-error";
import { createErrorHandler, type Logger, uniformErrorBodies } from "./http/error-handler";
import { inputGuard } from "./http/input-guard";
import { originCheck } from "./http/origin-check";
import { responseWithSecurityHeaders, securityHeaderList } from "./http/security-headers";
import { RememberingRouter } from "./http/remembering-router";
import { registerWebApp } from "./http/web-app";
import type { AppEnv } from "./http/app-env";
import { clientIpMiddleware, sessionMiddleware } from "./modules/auth/auth.middleware";
import { STRIPE_WEBHOOK_PATH } from "./modules/billing/billing.routes";
import { NARRATION_UPLOAD_PATH } from "./modules/memories/memories.routes";
import { UPLOADS_PATH } from "./modules/uploads/uploads.usecases";
import { registerHealthRoutes } from "./modules/health/health.routes";
import type { Services } from "./services";

/** Routes that accept file bodies beyond 1 MB (each declares its own limit). */
const LARGE_BODY_PATHS = [/^\/api\/children\/[^/]+\/photo$/, new RegExp(`^${NARRATION_UPLOAD_PATH}$`)];

export type AppOptions = { services: Services; logger: Logger; webRoot?: string };

/** Builds the whole HTTP app from its dependencies (main.ts and the tests both use this): the middleware every request goes through, then each module's routes as services.ts lists them. */
export function createApp({ services, logger, webRoot }: AppOptions) {
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });
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
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/auth/") ? next() : resolveSession(c, next)));

  app.get("/api/config", (c) =>
    c.json({ googleEnabled: Boolean(services.google), devMailbox: services.mailboxAllows(c), supportEmail: services.supportEmail, metaPixelId: services.metaPixelId ?? null, testMode: services.testModeBanner }),
  );
  for (const routes of services.routes) app.route("/", routes);

  app.all("/api/*", () => {
    throw httpErrors.notFound("No such API endpoint.");
  });
  if (webRoot) app.route("/", registerWebApp({ root: webRoot, appUrl: services.appUrl }));
  return app;
}

export type App = ReturnType<typeof createApp>;

/** A worker node's HTTP: /healthz and /readyz (the database answers), and a JSON 404 for everything else. */
export function createWorkerApp(options: { pool: pg.Pool; logger: Logger }) {
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(options.logger));
  app.route("/", registerHealthRoutes({ pool: options.pool }));
  app.all("*", () => {
    throw httpErrors.notFound("This is a worker node: it serves no app.");
  });
  return app;
}

const KEEP_ALIVE_MS = 65_000;

/** Serves the app over node:http on `port` (0: any free one); every response carries the security headers. */
export function serveApp(app: App, services: Services, port: number, onListening?: (info: AddressInfo) => void) {
  const headers = securityHeaderList({ https: services.appUrl.startsWith("https://"), storageOrigin: services.storageLinkOrigin, metaPixel: Boolean(services.metaPixelId) });
  const server = createServer({ ServerResponse: responseWithSecurityHeaders(headers) }, getRequestListener(app.fetch));
  // An idle kept-alive connection stays open longer than a proxy's or a client's own idle limit (often 60 s), so the
  // other side closes it first: with Node's 5 s, a request sent just as the server closed it failed (ECONNRESET).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server.listen(port, () => onListening?.(server.address() as AddressInfo));
}
