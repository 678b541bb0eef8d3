import { FAMILY_LINK_DAYS } from "../../../shared/guardians";
import type { EmailOutbox } from "../email/email.types";
import { childPagesEmail } from "./guardians.emails";
import type { GuardiansRepository } from "./guardians.repository";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { ChildPage, ChildPageSource, FamilyAccess, FamilyReaders, FreshLinkOutcome } from "./guardians.types";

const DAY_MS = 24 * 60 * 60 * 1000;
/** No fresh link while one issued less than this ago still works, whoever asks. */
const FRESH_LINK_COOLDOWN_MS = 10 * 60 * 1000;

export function createFamilyLinksUsecases(options: { guardians: GuardiansRepository; outbox: EmailOutbox; appUrl: string; readers: FamilyReaders; source: ChildPageSource; now?: () => Date }) {
  const { guardians, readers, source } = options;
  const now = options.now ?? (() => new Date());

  /** The link while its guardian still receives for its child (accepted, not paused, the child still theirs); live: not revoked or expired now. */
  function find(token: string, options: { live: boolean }) {
    if (!looksLikeToken(token)) return undefined;
    return guardians.findAllowedLink(hashToken(token), options.live ? now() : undefined);
  }
  const live = (token: string) => find(token, { live: true });

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

  async function issue(input: { guardianId: string; userId: string; childIds: string[]; guardianName: string; email: string }) {
    const pages = [];
    for (const childId of input.childIds) {
      const child = await source.child({ userId: input.userId, childId });
      if (child) pages.push({ childName: child.name, pageUrl: await createLink({ guardianId: input.guardianId, childId }) });
    }
    if (pages.length === 0) return;
    const dad = await readers.dadOf(input.userId);
    await options.outbox.queue(childPagesEmail({ to: input.email, guardianName: input.guardianName, dadName: dad.calledAs, pages, days: FAMILY_LINK_DAYS }));
  }

  /** The children a guardian receives for, as Dad lists them (the grown child sees only their own page). */
  async function childrenOfGuardian(guardian: { id: string; userId: string; kind: "guardian" | "child" }, childId: string) {
    if (guardian.kind !== "guardian") return [];
    const row = await guardians.find({ userId: guardian.userId, guardianId: guardian.id });
    if (!row) return [];
    return (await readers.childrenOf(guardian.userId)).filter((child) => row.childIds === null || row.childIds.includes(child.id) || child.id === childId);
  }

  return {
    createLink,
    /** Emails the guardian a fresh 30-day link to each of these children's pages, in one email (on accepting). */
    issue,

    /**
     * From one child's page to a brother's or sister's, for a guardian who receives for both: a fresh link to that
     * page (undefined when the link no longer works, or that child is not theirs to see).
     */
    async openSibling(input: { token: string; childId: string }) {
      const found = await live(input.token);
      if (!found) return undefined;
      const children = await childrenOfGuardian(found.guardian, found.link.childId);
      if (!children.some((child) => child.id === input.childId)) return undefined;
      return createLink({ guardianId: found.guardian.id, childId: input.childId });
    },

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
      const [memories, dad, family] = await Promise.all([
        source.unlockedMemories({ userId, childId: child.id }),
        readers.dadOf(userId),
        childrenOfGuardian(found.guardian, child.id),
      ]);
      await guardians.markLinkOpened(found.link.id);
      const previousVisitAt = await guardians.recordVisit({ guardianId: found.guardian.id, childId: child.id, at: now() });
      return {
        state: "open",
        child: { id: child.id, name: child.name, photoUrl: child.photoUrl },
        dadName: dad.calledAs,
        dadFullName: dad.name,
        memories,
        previousVisitAt: previousVisitAt?.toISOString() ?? null,
        family: family.map((member) => ({ id: member.id, name: member.name })),
        access,
      };
    },

    /**
     * 'Email me a fresh link' from an old link: sent only to the guardian's own address, and not while a link issued in
     * the last 10 minutes still works (then it says how long ago that one went). A link that was withdrawn, or never
     * ours, gets nothing (a token is 256 random bits: saying so tells a guesser nothing).
     */
    async requestFreshLink(input: { token: string }): Promise<FreshLinkOutcome> {
      const found = await find(input.token, { live: false });
      if (!found) return { outcome: "withdrawn" };
      const latest = await guardians.latestLiveLinkCreatedAt({ guardianId: found.guardian.id, childId: found.link.childId, now: now() });
      if (latest && now().getTime() - latest.getTime() < FRESH_LINK_COOLDOWN_MS) return { outcome: "recent", minutesAgo: Math.floor((now().getTime() - latest.getTime()) / 60_000) };
      await issue({ guardianId: found.guardian.id, userId: found.guardian.userId, childIds: [found.link.childId], guardianName: found.guardian.name, email: found.guardian.email });
      return { outcome: "sent" };
    },
  };
}

export type FamilyLinksUsecases = ReturnType<typeof createFamilyLinksUsecases>;
