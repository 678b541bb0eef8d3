import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { createEventBus } from "./events/events";
import { createOriginPolicy } from "./http/origin-check";
import { createRateLimiter } from "./http/rate-limit";
import type { JobQueue } from "./jobs/job-queue";
import { createAccountModule } from "./modules/account/account.module";
import { createAnalyticsModule } from "./modules/analytics/analytics.module";
import { createAuthModule } from "./modules/auth/auth.module";
import { createBillingModule } from "./modules/billing/billing.module";
import { createChecklistModule } from "./modules/checklist/checklist.module";
import { createChildrenModule } from "./modules/children/children.module";
import { createCoachModule } from "./modules/coach/coach.module";
import { createCommentsModule } from "./modules/comments/comments.module";
import { createDadDnaModule } from "./modules/dad-dna/dad-dna.module";
import { createEmailModule } from "./modules/email/email.module";
import { createExperimentsModule } from "./modules/experiments/experiments.module";
import { createExportModule } from "./modules/export/export.module";
import { createGiftsModule } from "./modules/gifts/gifts.module";
import { createGuardiansModule } from "./modules/guardians/guardians.module";
import { registerHealthRoutes } from "./modules/health/health.routes";
import { createIdeasModule } from "./modules/ideas/ideas.module";
import { createMarketingModule } from "./modules/marketing/marketing.module";
import { createMemoriesModule } from "./modules/memories/memories.module";
import { registerMemoriesRoutes } from "./modules/memories/memories.routes";
import type { ModuleInfrastructure } from "./modules/module-infrastructure";
import { createNotificationsModule } from "./modules/notifications/notifications.module";
import { createOnboardingModule } from "./modules/onboarding/onboarding.module";
import { createProfilesModule } from "./modules/profiles/profiles.module";
import { createSettingsModule } from "./modules/settings/settings.module";
import { createStorageModule } from "./modules/storage/storage.module";
import { createTranscriptsModule } from "./modules/transcripts/transcripts.module";
import { createUploadsModule } from "./modules/uploads/uploads.module";
import { registerUploadsRoutes } from "./modules/uploads/uploads.routes";
import { deleteVideosOnlyFor } from "./modules/videos/videos.repository";
import { createVideosModule } from "./modules/videos/videos.module";
import { registerVideosRoutes } from "./modules/videos/videos.routes";

/**
 * The composition root: infrastructure, then every module, each after the modules it uses (nothing here refers to
 * something declared below it). A module registers its own jobs and event handlers; what reacts to another module
 * later goes through an event. `routes` lists the modules' routes in the order the app mounts them.
 */
export async function createServices(options: { config: Config; db: Database; pool: pg.Pool; jobs: JobQueue; authSecret: string; log: (message: string) => void }) {
  const { config, db, pool, jobs, log } = options;
  const { appUrl, supportEmail } = config;

  // Infrastructure.
  /** Typed events between modules: each module subscribes to what it reacts to in its own module file. */
  const events = createEventBus();
  const files = await createStorageModule({ storage: config.storage, authSecret: options.authSecret, jobs });
  const rateLimit = createRateLimiter({ db, enabled: config.rateLimit });
  const infra: ModuleInfrastructure = { db, jobs, events, storage: files.storage, deleteFilesLater: files.deleteFilesLater, log, rateLimit };
  // The Vite dev server (npm run dev:web) proxies to the app from its own port.
  const originPolicy = createOriginPolicy({ appUrl, port: config.port, development: config.env === "development", extraOrigins: config.env === "development" ? ["http://localhost:5173"] : [] });

  // Modules.
  const email = await createEmailModule(infra, { transport: config.email.transport, from: config.email.from, mailboxAudience: config.email.mailboxAudience });
  const { outbox } = email;
  const auth = createAuthModule(infra, { appUrl, secret: options.authSecret, outbox, google: config.google, rateLimit: config.rateLimit, allowsOrigin: originPolicy.allows, sessionCacheSeconds: config.sessionCacheSeconds, passwordHashMemo: config.passwordHashMemo });
  const experiments = createExperimentsModule(infra, { adminEmails: config.adminEmails });
  const billing = createBillingModule(infra, { stripe: config.stripe, appUrl, supportEmail, outbox, contactOf: auth.contactOf, recordConversion: experiments.experiments.convertServerEvent });
  const profiles = createProfilesModule(infra, { accessOf: billing.billing.accessOf });
  const gifts = createGiftsModule(infra, { outbox, appUrl, supportEmail, contactOf: auth.contactOf, recordAccess: billing.billing.recordAccess, extendGiftAccess: billing.billing.extendGiftAccess });
  const dadDna = createDadDnaModule(infra, { savePocketDadPreferences: profiles.profiles.savePocketDadPreferences });
  const onboarding = createOnboardingModule(infra, { findProfile: profiles.profiles.findProfile, saveOnboardingResult: profiles.profiles.saveOnboardingResult });
  const settings = createSettingsModule(infra, { updateAccountProfile: profiles.profiles.updateAccountProfile, updateUserNameAndTimeZone: auth.updateNameAndTimeZone });
  const notifications = await createNotificationsModule(infra, { outbox, appUrl, wantsEmail: settings.wantsEmail });
  const marketing = await createMarketingModule(infra, { outbox, appUrl, newsletterFeedUrl: config.newsletterFeedUrl });
  const analytics = createAnalyticsModule(infra);
  const ideas = createIdeasModule(infra);
  const memories = await createMemoriesModule(infra);
  const uploads = await createUploadsModule(infra, { storage: config.storage, uploads: config.uploads });
  const { usecases: videos, tools: videoTools } = await createVideosModule(infra, { uploads, memories, ffmpegThreads: config.videoFfmpegThreads });
  const transcripts = await createTranscriptsModule(infra, { setting: config.transcriber });
  /** What hangs on a child in other modules goes with it, in the deletion's transaction. */
  const childDeletionSteps = [memories.repository.deleteOnlyForChild, deleteVideosOnlyFor];
  const children = createChildrenModule(infra, { deletionSteps: childDeletionSteps });
  const comments = createCommentsModule(infra);
  const coach = createCoachModule(infra, {
    ai: config.ai,
    children: children.children,
    findProfile: profiles.profiles.findProfile,
    dadDnaArchetypeOf: dadDna.dadDna.archetypeOf,
    savePocketDadPreferences: profiles.profiles.savePocketDadPreferences,
  });
  const checklist = createChecklistModule(infra, { accessOf: billing.billing.accessOf, memoryCounters: [memories.repository.countAllKinds] });
  const archives = await createExportModule(infra, {
    source: { memories: memories.usecases, children: children.children, comments: comments.comments },
    outbox,
    appUrl,
    emailOf: async (userId) => (await auth.contactOf(userId))?.email,
  });
  const family = await createGuardiansModule(infra, {
    outbox,
    emailSender: email.sender,
    appUrl,
    settings: settings.settings,
    children: children.children,
    memories: memories.usecases,
    childArchive: archives.usecases.buildChildArchive,
    searchSpoken: transcripts.usecases.search,
    claimOf: (code) => archives.usecases.findClaim({ code }),
  });
  const account = createAccountModule(infra, {
    signOut: auth.signOut,
    billing: { cancelSubscription: (input) => billing.billing.cancelForAccountDeletion(input) },
    forgetSessions: auth.sessionCache.forgetUser,
    forgetMailTo: email.forgetMailTo,
  });

  /** Every module's routes, in the order the app mounts them (before the JSON 404 for unknown /api paths and the web app). */
  const routes = [
    registerHealthRoutes({ pool }),
    auth.routes,
    profiles.routes,
    registerMemoriesRoutes({ usecases: memories.usecases, requireAccess: billing.requireAccess }),
    ideas.routes,
    children.routes,
    settings.routes,
    account.routes,
    registerUploadsRoutes({ usecases: uploads, requireAccess: billing.requireAccess }),
    registerVideosRoutes({ usecases: videos, requireAccess: billing.requireAccess }),
    transcripts.routes,
    comments.routes,
    archives.routes,
    files.routes,
    coach.routes,
    onboarding.routes,
    dadDna.routes,
    billing.routes,
    gifts.routes,
    ...family.routes,
    notifications.routes,
    checklist.routes,
    experiments.routes,
    ...marketing.routes,
    analytics.routes,
    email.routes,
  ].filter((group) => group !== undefined);

  return {
    routes,
    appUrl,
    trustProxyHops: config.trustProxyHops,
    /** Which browser origins may change state (APP_URL; in development also local addresses on the app's port). */
    originPolicy,
    google: config.google,
    /** PAYMENTS=test: every page shows a TEST MODE banner. */
    testModeBanner: config.payments.testModeBanner,
    /** Who may open the development mailbox: none, loopback clients, or anyone (DEV_MAILBOX=on). */
    devMailbox: config.email.mailboxAudience,
    mailboxAllows: email.mailboxAllows,
    db,
    pool,
    jobs,
    outbox,
    auth: auth.auth,
    /** Refuses a TOTP code whose time step was already accepted for the user. */
    totpReuseGuard: auth.totpReuseGuard,
    authSecret: options.authSecret,
    sessions: auth.sessions,
    /** Sessions looked up in the last few seconds (see SESSION_CACHE_SECONDS). */
    sessionCache: auth.sessionCache,
    mailbox: email.mailbox,
    /** Private files for every module: put, get, delete, list, signed links. */
    storage: files.storage,
    /** Set when files are on local disk: the app then serves their signed links at /files/. */
    localStorage: files.localStorage,
    storageLinkOrigin: config.storage.kind === "s3" ? config.storage.linkOrigin : undefined,
    /** The event bus (tests emit and subscribe through it too). */
    events,
    memories: memories.usecases,
    /** Stored unlock instants and recorded unlocks (the unlock job's work). */
    memoryUnlocks: memories.unlocks,
    ideas: ideas.ideas,
    /** Resumable (tus) uploads under /api/uploads. */
    uploads,
    videos,
    videoTools,
    /** Which engine makes transcripts, or how to turn them on (said in the start-up log). */
    transcriber: transcripts.description,
    comments: comments.comments,
    children: children.children,
    childDeletionSteps,
    settings: settings.settings,
    guardians: family.guardians,
    familyLinks: family.links,
    familyDeliveries: family.deliveries,
    milestoneConfirmations: family.confirmations,
    /** 'If something happens to me': the inactivity clock, its check-ins and the legacy release. */
    legacy: family.legacy,
    /** What guardians see of a child (read through the memories and children usecases). */
    childPageSource: family.childPageSource,
    account: account.account,
    /** The keepsake card's ways in for the grown child: Dad's question, the family's approval, the address confirmed. */
    childKey: family.childKey,
    /** The child's own address and the hand-over of the child's page at the age Dad chose. */
    ownKey: family.ownKey,
    /** Queues stored files for deletion (after the rows that named them are gone). */
    deleteFilesLater: files.deleteFilesLater,
    coach: coach.coach,
    dadDna: dadDna.dadDna,
    onboarding: onboarding.onboarding,
    profiles: profiles.profiles,
    /** 'Download everything', a child's keepsake archive (buildChildArchive) and keepsake cards. */
    export: archives.usecases,
    rateLimiter: rateLimit,
    supportEmail,
    payments: billing.payments,
    testCheckout: billing.testCheckout,
    billing: billing.billing,
    gifts: gifts.gifts,
    notifications: notifications.notifications,
    checklist: checklist.checklist,
    experiments: experiments.experiments,
    marketing: marketing.marketing,
    reads: marketing.reads,
    analytics: analytics.analytics,
    metaPixelId: config.metaPixelId,
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
