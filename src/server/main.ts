import path from "node:path";
import { fileURLToPath } from "node:url";
import { createApp, createWorkerApp, serveApp } from "./app";
import { resolveAuthSecret } from "./auth-secret";
import { ConfigError, parseConfig } from "./config";
import { createDatabase } from "./db/client";
import { startEmbeddedPostgres } from "./db/embedded-postgres";
import { applyMigrations } from "./db/migrate";
import type { Logger } from "./http/error-handler";
import { startJobQueue } from "./jobs/job-queue";
import { S3_UPLOAD_PREFIX } from "./modules/uploads/uploads.datastore";
import { createServices } from "./services";

const logger: Logger = {
  info: (message) => console.log(`[hey-dad] ${message}`),
  error: (message, error) => console.error(`[hey-dad] ${message}`, error ?? ""),
};

// A promise that rejects with nobody listening (a library's background call while the database restarts, say) must not
// end a process that still serves: it is logged on one line that says so, and the app carries on.
process.on("unhandledRejection", (reason) => logger.error("unhandled promise rejection; the app keeps serving:", reason));

async function main() {
  const startedAt = performance.now();
  const config = parseConfig(process.env);
  const stops: Array<() => Promise<unknown>> = [];

  let databaseUrl: string;
  if (config.database.kind === "embedded") {
    const embedded = await startEmbeddedPostgres({
      dir: config.database.dir,
      port: config.database.port,
      restartDelaysMs: config.database.restartDelaysMs,
      log: logger.info,
      // Supervised: restarted with back-off when it stops; when it cannot come back, the app exits
      // non-zero so a process manager (systemd, Docker, PM2) restarts everything.
      onGiveUp: (error) => {
        logger.error(`${error.message}. Exiting so that a process manager can restart the app.`);
        process.exit(1);
      },
    });
    stops.unshift(embedded.stop);
    databaseUrl = embedded.url;
    logger.info(`database: embedded PostgreSQL, data in ${config.database.dir}, port ${config.database.port}`);
  } else {
    databaseUrl = config.database.url;
    logger.info("database: DATABASE_URL");
  }

  const { db, pool } = createDatabase({ url: databaseUrl, max: config.databasePoolMax, onError: (error) => logger.info(`database connection closed: ${error.message}`) });
  stops.unshift(() => pool.end());
  await applyMigrations(pool);
  logger.info("migrations: applied");

  const jobs = await startJobQueue({ url: databaseUrl, log: logger.info, timing: config.jobTiming, takes: config.role.takes });
  stops.unshift(jobs.stop);
  logger.info(`jobs: pg-boss running; this node works the ${config.role.takes.light && config.role.takes.heavy ? "light and heavy" : config.role.takes.heavy ? "heavy" : "light"} jobs (APP_ROLE=${config.role.name})`);

  const authSecret = resolveAuthSecret({ configured: config.authSecret, dataDir: config.dataDir });
  logger.info(`auth secret: ${authSecret.source === "AUTH_SECRET" ? "AUTH_SECRET" : `generated, kept in ${authSecret.source}`}`);
  logger.info(config.email.transport.kind === "smtp" ? "email: SMTP_URL" : "email: development mailbox at /dev/mailbox");
  logger.info(config.storage.kind === "s3" ? `storage: S3 bucket ${config.storage.bucket}` : `storage: local disk in ${config.storage.root}`);
  logger.info(config.storage.kind === "s3" ? `uploads (tus): S3 bucket ${config.storage.bucket} under ${S3_UPLOAD_PREFIX}` : `uploads (tus): local disk in ${config.uploads.dir}`);
  logger.info(config.stripe ? `payments: Stripe${config.stripe.apiUrl ? ` at ${config.stripe.apiUrl}` : ""}` : config.payments.testModeBanner ? "payments: TEST MODE (PAYMENTS=test): the test checkout, and a TEST MODE banner on every page" : "payments: TEST MODE checkout at /checkout/test (set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL for Stripe)");
  logger.info(config.google ? "Google sign-in: on" : "Google sign-in: off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)");
  logger.info(config.newsletterFeedUrl ? `reads feed: ${config.newsletterFeedUrl}` : "reads feed: off (set NEWSLETTER_FEED_URL)");
  logger.info(config.metaPixelId ? "Meta pixel: on" : "Meta pixel: off (set META_PIXEL_ID)");
  logger.info(`experiment results: ${config.adminEmails.length} admin email(s) in ADMIN_EMAILS`);

  logger.info(config.ai ? `Pocket Dad: model ${config.ai.provider} ${config.ai.model}` : "Pocket Dad: offline Playbook (set AI_PROVIDER, AI_MODEL, AI_BASE_URL, AI_API_KEY for a model)");
  const services = await createServices({ config, db, pool, jobs, authSecret: authSecret.secret, log: logger.info });
  logger.info(services.transcriber);
  void services.videoTools.then((tools) => logger.info(tools ? "video processing: ffmpeg and ffprobe from PATH" : "video processing: OFF (install ffmpeg: videos stay 'processing' until it is)"));
  const webRoot = config.webRoot ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web");
  // A worker node serves no app: only /healthz and /readyz, for its process manager or orchestrator.
  const app = config.role.servesApp ? createApp({ services, logger, webRoot }) : createWorkerApp({ pool, logger });

  const server = serveApp(app, services, config.port, (info) => {
    logger.info(`${config.role.servesApp ? "ready" : "worker ready (health checks only)"} on ${config.appUrl} (port ${info.port}) in ${Math.round(performance.now() - startedAt)} ms`);
  });
  stops.unshift(() => new Promise((resolve) => server.close(resolve)));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: shutting down`);
    for (const stop of stops) await stop().catch((error) => logger.error("while stopping", error));
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(`[hey-dad] ${error.message}`);
  else console.error("[hey-dad] start failed:", error);
  process.exit(1);
});
