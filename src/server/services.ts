import { createHmac } from "node:crypto";
import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createOriginPolicy } from "./http/origin-check";
import { createRateLimiter } from "./http/rate-limit";
import type { JobQueue } from "./jobs/job-queue";
import { createEventBus } from "./events/events";
import { createGiftsModule } from "./modules/gifts/gifts.module";
import { createMemoriesModule } from "./modules/memories/memories.module";
import { createUploadsModule } from "./modules/uploads/uploads.module";
import type { ModuleInfrastructure } from "./modules/module-infrastructure";
import { createNotificationsModule } from "./modules/notifications/notifications.module";
import { deleteVideosOnlyFor } from "./modules/videos/videos.repository";
import { createVideosModule } from "./modules/videos/videos.module";
import { createDeleteStoredFilesJob } from "./jobs/delete-stored-files.job";
import { createSendEmailJob } from "./jobs/send-email.job";
import { createAccountRepository } from "./modules/account/account.repository";
import { createAccountUsecases } from "./modules/account/account.usecases";
import { createAnalyticsRepository } from "./modules/analytics/analytics.repository";
import { createAnalyticsUsecases } from "./modules/analytics/analytics.usecases";
import { createAuth } from "./modules/auth/auth";
import { createSessionsRepository, createUsersRepository } from "./modules/auth/auth.repository";
import { createSessionCache } from "./modules/auth/auth.session-cache";
import { createTotpReuseGuard } from "./modules/auth/auth.totp-reuse";
import { createGuardiansModule } from "./modules/guardians/guardians.module";
import { createIdeasRepository } from "./modules/ideas/ideas.repository";
import { createIdeasUsecases } from "./modules/ideas/ideas.usecases";
import { createCommentsRepository } from "./modules/comments/comments.repository";
import { createCommentsUsecases } from "./modules/comments/comments.usecases";
import { createChildrenRepository } from "./modules/children/children.repository";
import { type ChildDeletionStep, createChildrenUsecases } from "./modules/children/children.usecases";
import { createMailboxRepository } from "./modules/email/email.repository";
import { createExportModule } from "./modules/export/export.module";
import { createEmailSender } from "./modules/email/email.sender";
import { createEmailOutbox } from "./modules/email/email.usecases";
import { createModelEngine } from "./modules/coach/coach.model-engine";
import { createCoachRepository } from "./modules/coach/coach.repository";
import { createCoachUsecases } from "./modules/coach/coach.usecases";
import { createDadDnaRepository } from "./modules/dad-dna/dad-dna.repository";
import { createDadDnaUsecases } from "./modules/dad-dna/dad-dna.usecases";
import { createOnboardingRepository } from "./modules/onboarding/onboarding.repository";
import { createOnboardingUsecases } from "./modules/onboarding/onboarding.usecases";
import { createBillingRepository } from "./modules/billing/billing.repository";
import { createStripePayments } from "./modules/billing/billing.stripe";
import { createTestCheckoutPayments } from "./modules/billing/billing.test-checkout";
import { type BillingUsecases, createBillingUsecases } from "./modules/billing/billing.usecases";
import { createChecklistRepository } from "./modules/checklist/checklist.repository";
import { createChecklistUsecases } from "./modules/checklist/checklist.usecases";
import { createProfilesRepository } from "./modules/profiles/profiles.repository";
import { createProfilesUsecases } from "./modules/profiles/profiles.usecases";
import { createSettingsRepository } from "./modules/settings/settings.repository";
import { createSettingsUsecases } from "./modules/settings/settings.usecases";
import { createObjectStorage, type ObjectRef } from "./modules/storage/storage";
import { createLocalStorage } from "./modules/storage/storage.local";
import { createS3Storage } from "./modules/storage/storage.s3";
import { createExperimentsRepository } from "./modules/experiments/experiments.repository";
import { createExperimentsUsecases } from "./modules/experiments/experiments.usecases";
import { createMarketingModule } from "./modules/marketing/marketing.module";
import { createReadsFeed } from "./modules/marketing/reads-feed";

/** Wires every module from the parsed config, the database and the job queue. */
export async function createServices(options: { config: Config; db: Database; pool: pg.Pool; jobs: JobQueue; authSecret: string; log: (message: string) => void }) {
  const { config, db, pool, jobs } = options;
  const emailSender = createEmailSender({ transport: config.email.transport, from: config.email.from, db });
  const sendEmailJob = createSendEmailJob(emailSender);
  await jobs.register([sendEmailJob]);
  const outbox = createEmailOutbox({ jobs, job: sendEmailJob });
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheSeconds * 1000 });
  // The Vite dev server (npm run dev:web) proxies to the app from its own port.
  const originPolicy = createOriginPolicy({ appUrl: config.appUrl, port: config.port, development: config.env === "development", extraOrigins: config.env === "development" ? ["http://localhost:5173"] : [] });
  /** Typed events between modules: each module subscribes to what it reacts to in its own module file. */
  const events = createEventBus();
  const auth = createAuth({ db, appUrl: config.appUrl, secret: options.authSecret, outbox, google: config.google, rateLimit: config.rateLimit, sessionCache,
    allowsOrigin: originPolicy.allows,
    log: options.log,
    onActive: (userId) => events.emit("account.active", { userId, at: new Date() }),
  });
  const { storage, localStorage } = createStorage(config.storage, options.authSecret);
  const deleteStoredFilesJob = createDeleteStoredFilesJob(storage);
  await jobs.register([deleteStoredFilesJob]);
  const deleteFilesLater = (objects: ObjectRef[]) => jobs.send(deleteStoredFilesJob, { objects });
  const infra: ModuleInfrastructure = { db, jobs, events, storage, deleteFilesLater, log: options.log };
  const memories = await createMemoriesModule(infra);
  /** Modules whose rows hang on a child (memories, issue 4) add their step here. */
  const memoriesRepository = memories.repository;
  const childDeletionSteps: ChildDeletionStep[] = [memoriesRepository.deleteOnlyForChild, deleteVideosOnlyFor];
  const childrenRepository = createChildrenRepository(db);
  const comments = createCommentsUsecases({ comments: createCommentsRepository(db) });
  const children = createChildrenUsecases({ children: childrenRepository, storage, deleteFilesLater, deletionSteps: childDeletionSteps, events });

  // Payments: Stripe when its keys are set, else the built-in TEST MODE checkout (same interface).
  const mailbox = createMailboxRepository(db);
  const billingRepository = createBillingRepository(db);
  const testCheckout = config.stripe ? undefined : createTestCheckoutPayments({ repository: billingRepository, appUrl: config.appUrl });
  const payments = config.stripe ? createStripePayments(config.stripe) : testCheckout!.payments;
  // Gifts and billing call each other (a paid gift issues a code; a redeemed code refreshes access).
  const recordAccess = (userId: string) => billing.recordAccess(userId);
  const accessOf = (userId: string) => billing.accessOf(userId);
  const profilesRepository = createProfilesRepository(db);
  // Profiles owns the profiles table: billing, coach, onboarding and settings write it through these usecases.
  const profiles = createProfilesUsecases({ profiles: profilesRepository, accessOf });
  const dadDna = createDadDnaUsecases({ repository: createDadDnaRepository(db), savePocketDadPreferences: profiles.savePocketDadPreferences });
  // Billing and gift emails go to the dad's address, with dates in his time zone.
  const contactOf = async (userId: string) => {
    const profile = await profilesRepository.findById(userId);
    return profile ? { email: profile.email, timeZone: profile.timeZone } : null;
  };
  const gifts = createGiftsModule(infra, {
    outbox,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    recordAccess,
    contactOf,
    extendGiftAccess: (input, tx) => billing.extendGiftAccess(input, tx),
  });
  const experiments = createExperimentsUsecases({ experiments: createExperimentsRepository(db), adminEmails: config.adminEmails });
  const billing: BillingUsecases = createBillingUsecases({
    repository: billingRepository,
    payments,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    outbox,
    contactOf,
    onGiftPaid: (gift) => events.emit("gift.paid", gift),
    recordConversion: experiments.convertServerEvent,
    giftFrom: (userId) => gifts.giftFrom(userId),
    setHasAccess: profiles.setHasAccess,
  });

  const settingsRepository = createSettingsRepository(db);
  const notifications = await createNotificationsModule(infra, {
    outbox,
    appUrl: config.appUrl,
    wantsEmail: async (userId) => (await settingsRepository.findNotifications(userId))?.emailNotifications ?? true,
  });

  const settings = createSettingsUsecases({
    settings: settingsRepository,
    updateAccountProfile: profiles.updateAccountProfile,
    updateUserNameAndTimeZone: createUsersRepository(db).updateNameAndTimeZone,
    events,
  });
  const marketing = await createMarketingModule(infra, { outbox, appUrl: config.appUrl });

  const uploads = await createUploadsModule(infra, { storage: config.storage, uploads: config.uploads });
  const { usecases: videos, tools: videoTools } = await createVideosModule(infra, { uploads, memories });

  const exportUsecases = await createExportModule(infra, {
    source: { memories: memories.usecases, children, comments },
    outbox,
    appUrl: config.appUrl,
    emailOf: async (userId) => (await profilesRepository.findById(userId))?.email,
  });
  const family = await createGuardiansModule(infra, {
    outbox,
    emailSender,
    appUrl: config.appUrl,
    settings,
    children,
    memories: memories.usecases,
    claimOf: (code) => exportUsecases.findClaim({ code }),
  });

  return {
    appUrl: config.appUrl,
    trustProxyHops: config.trustProxyHops,
    /** Which browser origins may change state (APP_URL; in development also local addresses on the app's port). */
    originPolicy,
    google: config.google,
    /** PAYMENTS=test: every page shows a TEST MODE banner. */
    testModeBanner: config.payments.testModeBanner,
    /** Who may open the development mailbox: none, loopback clients, or anyone (DEV_MAILBOX=on). */
    devMailbox: config.email.mailboxAudience,
    db,
    pool,
    jobs,
    outbox,
    auth,
    /** Refuses a TOTP code whose time step was already accepted for the user. */
    totpReuseGuard: createTotpReuseGuard({ db, auth }),
    authSecret: options.authSecret,
    sessions: createSessionsRepository(db),
    /** Sessions looked up in the last few seconds (see SESSION_CACHE_SECONDS). */
    sessionCache,
    mailbox,
    /** Private files for every module: put, get, delete, list, signed links. */
    storage,
    /** Set when files are on local disk: the app then serves their signed links at /files/. */
    localStorage,
    storageLinkOrigin: config.storage.kind === "s3" ? config.storage.linkOrigin : undefined,
    /** The event bus (tests emit and subscribe through it too). */
    events,
    memories: memories.usecases,
    /** Stored unlock instants and recorded unlocks (the unlock job's work). */
    memoryUnlocks: memories.unlocks,
    ideas: createIdeasUsecases({ ideas: createIdeasRepository(db) }),
    /** Resumable (tus) uploads under /api/uploads. */
    uploads,
    videos,
    videoTools,
    comments,
    children,
    childDeletionSteps,
    settings,
    guardians: family.guardians,
    familyLinks: family.links,
    familyDeliveries: family.deliveries,
    milestoneConfirmations: family.confirmations,
    /** 'If something happens to me': the inactivity clock, its check-ins and the legacy release. */
    legacy: family.legacy,
    /** What guardians see of a child (read through the memories and children usecases). */
    childPageSource: family.childPageSource,
    /** The keepsake card's ways in for the grown child: Dad's question, the family's approval, the address confirmed. */
    childKey: family.childKey,
    account: createAccountUsecases({
      accounts: createAccountRepository(db),
      storage,
      billing: { cancelSubscription: (input) => billing.cancelForAccountDeletion(input) },
      forgetSessions: sessionCache.forgetUser,
      events,
      forgetTraces: async ({ id, email }) => {
        await jobs.deleteJobsNaming([id, email]);
        await mailbox.deleteTo(email);
      },
    }),
    /** Queues stored files for deletion (after the rows that named them are gone). */
    deleteFilesLater,
    coach: createCoachUsecases({
      repository: createCoachRepository(db),
      children,
      model: config.ai ? createModelEngine(config.ai) : undefined,
      findProfile: profiles.findProfile,
      dadDnaArchetypeOf: dadDna.archetypeOf,
      savePocketDadPreferences: profiles.savePocketDadPreferences,
    }),
    dadDna,
    onboarding: createOnboardingUsecases({ repository: createOnboardingRepository(db), findProfile: profiles.findProfile, saveOnboardingResult: profiles.saveOnboardingResult }),
    profiles,
    /** 'Download everything', a child's keepsake archive (buildChildArchive) and keepsake cards. */
    export: exportUsecases,
    rateLimiter: createRateLimiter({ db, enabled: config.rateLimit }),
    supportEmail: config.supportEmail,
    payments,
    testCheckout,
    billing,
    gifts,
    notifications,
    checklist: createChecklistUsecases({ repository: createChecklistRepository(db), accessOf, memoryCounters: [memoriesRepository.countAllKinds] }),
    experiments,
    marketing,
    reads: createReadsFeed({ feedUrl: config.newsletterFeedUrl }),
    analytics: createAnalyticsUsecases({ analytics: createAnalyticsRepository(db) }),
    metaPixelId: config.metaPixelId,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/** Local disk (the app serves HMAC-signed links) or S3 (presigned links), behind one interface. */
function createStorage(storageConfig: Config["storage"], authSecret: string) {
  if (storageConfig.kind === "s3") return { storage: createObjectStorage(createS3Storage(storageConfig)), localStorage: undefined };
  const signingKey = createHmac("sha256", authSecret).update("hey-dad storage links").digest();
  const localStorage = createLocalStorage({ root: storageConfig.root, signingKey });
  return { storage: createObjectStorage(localStorage.driver), localStorage };
}
