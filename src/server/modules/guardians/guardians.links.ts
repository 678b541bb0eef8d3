import { FAMILY_LINK_DAYS } from "../../../shared/guardians";
import type { EmailOutbox } from "../email/email.usecases";
import { childPageEmail } from "./guardians.emails";
import type { GuardiansRepository } from "./guardians.repository";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { FamilyReaders } from "./guardians.usecases";

/** A memory as the child's page shows it: only what has opened for the child, with signed links. */
export type FamilyMemory = {
  id: string;
  kind: "video" | "narration" | "note";
  title: string;
  notes: string;
  createdAt: string;
  /** Video: the MP4 and its chosen thumbnail. */
  videoUrl?: string | null;
  thumbnailUrl?: string | null;
  /** Narration and quick note: the voice, and the narration's photo. */
  audioUrl?: string | null;
  imageUrl?: string | null;
  /** Signed links that save the file under the memory's title. */
  downloads: Array<{ label: string; url: string }>;
  /** The rule it opened by, for the email's wording ('for Maya's 13th birthday'). */
  unlock: { type: "now" | "age" | "date" | "milestone"; age: number | null; date: string | null; milestone: string | null };
};

/**
 * What the child's page reads from the memories and children modules (through their usecases,
 * never their tables), regardless of Dad's subscription (decisions 2.23).
 */
export type ChildPageSource = {
  child: (input: { userId: string; childId: string }) => Promise<{ id: string; name: string; photoUrl: string | null } | undefined>;
  /** Every memory unlocked for the child, newest first. */
  unlockedMemories: (input: { userId: string; childId: string }) => Promise<FamilyMemory[]>;
  /** One unlocked memory of the child (undefined when it is locked, deleted or not theirs). */
  memory: (input: { userId: string; childId: string; memoryId: string }) => Promise<FamilyMemory | undefined>;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** No fresh link while one issued less than this ago still works, whoever asks. */
const FRESH_LINK_COOLDOWN_MS = 10 * 60 * 1000;

/** What 'Email me a fresh link' did, said on the page as it is. */
export type FreshLinkOutcome = { outcome: "sent" } | { outcome: "recent"; minutesAgo: number } | { outcome: "withdrawn" };

export type FamilyAccess = { userId: string; childId: string; guardianId: string; kind: "guardian" | "child" };

export type ChildPage =
  | {
      state: "open";
      child: { name: string; photoUrl: string | null };
      dadName: string;
      memories: FamilyMemory[];
      /** Who is looking at which child (for the envelopes); never rendered. 'child': the child's own page, which cannot confirm milestones. */
      access: FamilyAccess;
    }
  /** Expired, revoked, unknown or no longer allowed: the page names nobody. */
  | { state: "unavailable" };

export function createFamilyLinksUsecases(options: { guardians: GuardiansRepository; outbox: EmailOutbox; appUrl: string; readers: FamilyReaders; source: ChildPageSource; now?: () => Date }) {
  const { guardians, readers, source } = options;
  const now = options.now ?? (() => new Date());

  /** The guardian still receives for this child: accepted, not paused, the child still theirs. */
  async function allowed(found: NonNullable<Awaited<ReturnType<GuardiansRepository["findLink"]>>>) {
    if (found.guardian.status !== "accepted" || found.guardian.pausedAt) return false;
    const row = await guardians.find({ userId: found.guardian.userId, guardianId: found.guardian.id });
    if (!row) return false;
    if (row.childIds !== null && !row.childIds.includes(found.link.childId)) return false;
    return (await readers.childrenOf(row.userId)).some((child) => child.id === found.link.childId);
  }

  async function find(token: string) {
    if (!looksLikeToken(token)) return undefined;
    return guardians.findLink(hashToken(token));
  }

  async function live(token: string) {
    const found = await find(token);
    return found && !found.link.revokedAt && found.link.expiresAt > now() && (await allowed(found)) ? found : undefined;
  }

  const accessOf = (found: NonNullable<Awaited<ReturnType<typeof live>>>): FamilyAccess => ({
    userId: found.guardian.userId,
    childId: found.link.childId,
    guardianId: found.guardian.id,
    kind: found.guardian.kind,
  });

  async function access(input: { token: string }) {
    const found = await live(input.token);
    return found ? accessOf(found) : undefined;
  }

  /** A new 30-day link to the child's page; only its hash is stored. */
  async function createLink(input: { guardianId: string; childId: string }) {
    const { token, hash } = newToken();
    const issuedAt = now();
    await guardians.insertLink({ ...input, tokenHash: hash, createdAt: issuedAt, expiresAt: new Date(issuedAt.getTime() + FAMILY_LINK_DAYS * DAY_MS) });
    return `${options.appUrl}/family/${token}`;
  }

  async function issue(input: { guardianId: string; userId: string; childId: string; guardianName: string; email: string }) {
    const child = await source.child({ userId: input.userId, childId: input.childId });
    if (!child) return;
    const dad = await readers.dadOf(input.userId);
    const pageUrl = await createLink(input);
    await options.outbox.queue(childPageEmail({ to: input.email, guardianName: input.guardianName, dadName: dad.name, childName: child.name, pageUrl, days: FAMILY_LINK_DAYS }));
  }

  return {
    createLink,
    /** Emails the guardian a fresh 30-day link to each of their children's pages (on accepting). */
    issue,

    /** Who a live link lets see which child (undefined: expired, revoked, unknown or no longer allowed); records nothing. */
    access,

    /** The child's page behind a link; opening it records when (Dad sees 'opened on'). */
    async open(input: { token: string }): Promise<ChildPage> {
      const found = await live(input.token);
      if (!found) return { state: "unavailable" };
      const access = accessOf(found);
      const { userId } = found.guardian;
      const child = await source.child({ userId, childId: found.link.childId });
      if (!child) return { state: "unavailable" };
      const [memories, dad] = await Promise.all([source.unlockedMemories({ userId, childId: child.id }), readers.dadOf(userId)]);
      await guardians.markLinkOpened(found.link.id);
      return { state: "open", child: { name: child.name, photoUrl: child.photoUrl }, dadName: dad.name, memories, access };
    },

    /**
     * 'Email me a fresh link' from an old link: sent only to the guardian's own address, and not while a link issued in
     * the last 10 minutes still works (then it says how long ago that one went). A link that was withdrawn, or never
     * ours, gets nothing (a token is 256 random bits: saying so tells a guesser nothing).
     */
    async requestFreshLink(input: { token: string }): Promise<FreshLinkOutcome> {
      const found = await find(input.token);
      if (!found || !(await allowed(found))) return { outcome: "withdrawn" };
      const latest = await guardians.latestLiveLinkCreatedAt({ guardianId: found.guardian.id, childId: found.link.childId, now: now() });
      if (latest && now().getTime() - latest.getTime() < FRESH_LINK_COOLDOWN_MS) return { outcome: "recent", minutesAgo: Math.floor((now().getTime() - latest.getTime()) / 60_000) };
      await issue({ guardianId: found.guardian.id, userId: found.guardian.userId, childId: found.link.childId, guardianName: found.guardian.name, email: found.guardian.email });
      return { outcome: "sent" };
    },
  };
}

export type FamilyLinksUsecases = ReturnType<typeof createFamilyLinksUsecases>;
