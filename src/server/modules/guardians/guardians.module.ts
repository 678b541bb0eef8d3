import type { ChildrenUsecases } from "../children/children.usecases";
import type { EmailSender } from "../email/email.types";
import type { EmailOutbox } from "../email/email.types";
import type { MemoriesUsecases } from "../memories/memories.usecases";
import type { ModuleInfrastructure } from "../module-infrastructure";
import type { SettingsUsecases } from "../settings/settings.usecases";
import { createChildKeyUsecases } from "./guardians.child-key";
import { createChildKeyRepository } from "./guardians.child-key.repository";
import { createMilestoneConfirmModule } from "./guardians.confirm.module";
import { createConfirmationsUsecases } from "./guardians.confirmations";
import { createDadNameUsecases } from "./guardians.dad-name";
import { createChildPageSource } from "./guardians.child-page-source";
import { createDeliveriesUsecases } from "./guardians.deliveries";
import { createDeliveriesRepository } from "./guardians.deliveries.repository";
import { createLegacyUsecases } from "./guardians.legacy";
import { createOwnKeyUsecases } from "./guardians.own-key";
import { createOwnKeyRepository } from "./guardians.own-key.repository";
import { createFamilyLinksUsecases } from "./guardians.links";
import { registerFamilyAssets } from "./guardians.assets";
import { registerChildKeyRoutes } from "./guardians.child-key.routes";
import { registerGuardianPages } from "./guardians.pages";
import { registerWorryPages } from "./guardians.worry.routes";
import { createGuardiansRepository } from "./guardians.repository";
import { registerGuardiansRoutes } from "./guardians.routes";
import type { ChildArchive, FamilyReaders, SearchSpoken } from "./guardians.types";
import { createGuardiansUsecases } from "./guardians.usecases";

/**
 * Family delivery: guardians and their invitations, the child's page behind private links, delivery of every
 * unlock to the child's accepted guardians ('memory.unlocked' subscriber and its jobs), and the keepsake card's way
 * in for the grown child. Reads Dad, his children and their memories through those modules' usecases only; the
 * child's archive comes from the export module.
 */
export async function createGuardiansModule(
  infra: ModuleInfrastructure,
  options: {
    outbox: EmailOutbox;
    emailSender: EmailSender;
    appUrl: string;
    settings: SettingsUsecases;
    children: ChildrenUsecases;
    memories: MemoriesUsecases;
    childArchive: ChildArchive;
    /** The search inside recordings, for the child's page (the transcripts module keeps the words). */
    searchSpoken: SearchSpoken;
    /** The child a keepsake card's code belongs to (the export module keeps the codes). */
    claimOf: (code: string) => Promise<{ userId: string; childId: string } | undefined>;
    clock?: () => Date;
  },
) {
  const { outbox, appUrl } = options;
  const dadName = createDadNameUsecases({ db: infra.db });
  const readers: FamilyReaders = {
    dadOf: async (userId) => {
      const [{ profile }, calledAs] = await Promise.all([options.settings.get({ userId }), dadName.get({ userId })]);
      // Without a name he is 'Dad': his email address is never shown on a guardian's pages.
      const fullName = profile.fullName.trim();
      return { calledAs, name: fullName || "Dad", email: profile.email, named: fullName !== "" };
    },
    childrenOf: (userId) => options.children.list({ userId }),
    timeZoneOf: async (userId) => (await options.settings.get({ userId })).profile.timeZone,
  };
  const repository = createGuardiansRepository(infra.db);
  const childPageSource = createChildPageSource({ children: options.children, memories: options.memories, storage: infra.storage });
  const links = createFamilyLinksUsecases({ guardians: repository, outbox, appUrl, readers, source: childPageSource });
  const deliveries = createDeliveriesUsecases({
    deliveries: createDeliveriesRepository(infra.db),
    links,
    source: childPageSource,
    readers,
    send: options.emailSender,
    jobs: infra.jobs,
    releaseDispatched: (userId) => options.memories.releaseDispatched({ userId }),
    openings: (input) => options.memories.waitingOpenings(input),
  });
  await infra.jobs.register(deliveries.jobs);
  infra.events.on("memory.unlocked", (event) => deliveries.memoryUnlocked(event));
  const confirmations = createConfirmationsUsecases({
    db: infra.db,
    readers,
    reader: {
      envelopes: async (input) =>
        (await options.memories.listForChild({ ...input, unlockedOnly: false }))
          .filter((item) => item.unlock.type === "milestone" && !item.unlock.unlocked && item.unlock.milestone)
          .map((item) => ({ memoryId: item.id, milestone: item.unlock.milestone!, kind: item.kind })),
      reseal: (input) => options.memories.resealMilestoneForChild({ userId: input.userId, id: input.memoryId, childId: input.childId }),
      milestones: async (input) =>
        (await options.memories.listForChild({ ...input, unlockedOnly: false }))
          .filter((item) => item.unlock.type === "milestone" && item.unlock.milestone)
          .map((item) => ({ memoryId: item.id, milestone: item.unlock.milestone!, kind: item.kind })),
    },
  });
  // A guardian's 'This has happened': its own unit, reaching the links by their access question and the memories by the one memory it names.
  const milestoneConfirm = createMilestoneConfirmModule(infra, {
    access: links.access,
    readers,
    outbox,
    appUrl,
    memories: {
      milestone: (input, tx) => options.memories.milestoneForChild({ userId: input.userId, id: input.memoryId, childId: input.childId }, tx),
      markReached: (input, tx) => options.memories.reachMilestoneForChild({ userId: input.userId, id: input.memoryId, childId: input.childId }, tx),
      deliverOpened: (input) => options.memories.deliverOpened({ id: input.memoryId }),
    },
  });
  // 'If something happens to me': the inactivity clock's hourly job, and every sign-in moves the clock.
  const legacy = createLegacyUsecases({
    db: infra.db,
    readers,
    outbox,
    appUrl,
    clock: options.clock ?? (() => new Date()),
    memories: {
      markedCount: (input) => options.memories.markedForEarlyRelease(input),
      releaseEarly: (input) => options.memories.releaseEarly(input),
      releasedEarly: (input) => options.memories.releasedEarly(input),
    },
  });
  await infra.jobs.schedule(legacy.job);
  infra.events.on("account.active", (event) => legacy.seen({ userId: event.userId, at: event.at }));
  // The keepsake card lets the grown child in (Dad's question or the family's approval), as a recipient of their own memories.
  const childKeyRepository = createChildKeyRepository(infra.db);
  const childKey = createChildKeyUsecases({
    repository: childKeyRepository,
    claimOf: options.claimOf,
    source: childPageSource,
    readers,
    links,
    dadActive: (userId) => legacy.dadActive({ userId }),
    outbox,
    appUrl,
    now: options.clock,
  });
  // The child's own address, and the hand-over of the child's page at the age Dad chose (an hourly job, any node).
  const ownKey = createOwnKeyUsecases({
    repository: createOwnKeyRepository(infra.db),
    childKeyRepository,
    childKey,
    readers,
    source: childPageSource,
    links,
    dadActive: (userId) => legacy.dadActive({ userId }),
    outbox,
    clock: options.clock ?? (() => new Date()),
  });
  await infra.jobs.schedule(ownKey.job);
  const guardians = createGuardiansUsecases({ guardians: repository, outbox, appUrl, readers, links, deliveryProblems: deliveries.problems });
  const routes = [
    registerGuardiansRoutes({ usecases: guardians, deliveries, confirmations, legacy, dadName, rateLimit: infra.rateLimit }),
    registerFamilyAssets(),
    registerGuardianPages({ usecases: guardians, links, confirmations, legacy, childArchive: options.childArchive, searchSpoken: options.searchSpoken, rateLimit: infra.rateLimit }),
    registerChildKeyRoutes({ usecases: childKey, ownKey, rateLimit: infra.rateLimit }),
    registerWorryPages({ links, legacy, rateLimit: infra.rateLimit }),
    milestoneConfirm.routes,
  ];
  return { guardians, links, deliveries, childPageSource, confirmations, milestoneConfirm: milestoneConfirm.usecases, legacy, childKey, ownKey, dadName, routes };
}
