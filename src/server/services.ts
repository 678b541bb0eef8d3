import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { JobQueue } from "./jobs/job-queue";
import { createNotificationsDailyJob, NOTIFICATIONS_DAILY_CRON } from "./jobs/notifications-daily.job";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAuth } from "./modules/auth/auth";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createBillingRepository } from "./modules/billing/billing.repository";
import { createStripePayments } from "./modules/billing/billing.stripe";
import { createTestCheckoutPayments } from "./modules/billing/billing.test-checkout";
import { type BillingUsecases, createBillingUsecases } from "./modules/billing/billing.usecases";
import { createChecklistRepository } from "./modules/checklist/checklist.repository";
import { createChecklistUsecases } from "./modules/checklist/checklist.usecases";
import { createGiftsRepository } from "./modules/gifts/gifts.repository";
import { createGiftsUsecases } from "./modules/gifts/gifts.usecases";
import { createNotificationsRepository } from "./modules/notifications/notifications.repository";
import { createNotificationsUsecases } from "./modules/notifications/notifications.usecases";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";

/** Wires every module from the parsed config, the database and the job queue. */
export async function createServices(options: { config: Config; db: Database; pool: pg.Pool; jobs: JobQueue; authSecret: string; log: (message: string) => void }) {
  const { config, db, pool, jobs } = options;
  const sendEmailJob = createSendEmailJob(createEmailSender({ transport: config.email.transport, from: config.email.from, db }));
  await jobs.register([sendEmailJob]);
  const outbox = createEmailOutbox({ jobs, job: sendEmailJob });
  const auth = createAuth({ db, appUrl: config.appUrl, secret: options.authSecret, outbox, google: config.google, rateLimit: config.rateLimit,
    extraOrigins: config.env === "development" ? ["http://localhost:5173"] : [],
    log: options.log,
  });

  // Payments: Stripe when its keys are set, else the built-in TEST MODE checkout (same interface).
  const billingRepository = createBillingRepository(db);
  const testCheckout = config.stripe ? undefined : createTestCheckoutPayments({ repository: billingRepository, appUrl: config.appUrl });
  const payments = config.stripe ? createStripePayments(config.stripe) : testCheckout!.payments;
  // Gifts and billing call each other (a paid gift issues a code; a redeemed code refreshes access).
  const refreshAccess = (userId: string) => billing.refreshAccess(userId);
  const gifts = createGiftsUsecases({ repository: createGiftsRepository(db), outbox, appUrl: config.appUrl, supportEmail: config.supportEmail, refreshAccess });
  const billing: BillingUsecases = createBillingUsecases({ repository: billingRepository, payments, appUrl: config.appUrl, onGiftPaid: gifts.issueForPurchase });

  const notifications = createNotificationsUsecases({ repository: createNotificationsRepository(db), outbox, appUrl: config.appUrl });
  const notificationsDailyJob = createNotificationsDailyJob(notifications);
  await jobs.register([notificationsDailyJob]);
  await jobs.schedule(notificationsDailyJob, NOTIFICATIONS_DAILY_CRON);

  return {
    appUrl: config.appUrl,
    trustProxy: config.trustProxy,
    google: config.google,
    devMailbox: config.email.transport.kind === "mailbox" && !config.isProduction,
    db,
    pool,
    jobs,
    outbox,
    auth,
    mailbox: createMailboxRepository(db),
    profiles: createProfilesUsecases({ profiles: createProfilesRepository(db), refreshAccess }),
    rateLimit: config.rateLimit,
    supportEmail: config.supportEmail,
    payments,
    testCheckout,
    billing,
    gifts,
    notifications,
    checklist: createChecklistUsecases({ repository: createChecklistRepository(db), refreshAccess }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
