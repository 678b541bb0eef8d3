import { FAMILY_LINK_DAYS } from "../../../shared/guardians";
import type { EmailOutbox } from "../email/email.usecases";
import { childPageEmail } from "./guardians.emails";
import type { GuardiansRepository } from "./guardians.repository";
import { hashToken, looksLikeToken, newToken } from "./guardians.tokens";
import type { ChildPage, ChildPageSource, FamilyReaders } from "./guardians.types";

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

  async function access(input: { token: string }) {
    const found = await live(input.token);
    return found ? { userId: found.guardian.userId, childId: found.link.childId, guardianId: found.guardian.id } : undefined;
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
      const access = { userId: found.guardian.userId, childId: found.link.childId, guardianId: found.guardian.id };
      const { userId } = found.guardian;
      const child = await source.child({ userId, childId: found.link.childId });
      if (!child) return { state: "unavailable" };
      const [memories, dad] = await Promise.all([source.unlockedMemories({ userId, childId: child.id }), readers.dadOf(userId)]);
      await guardians.markLinkOpened(found.link.id);
      return { state: "open", child: { name: child.name, photoUrl: child.photoUrl }, dadName: dad.name, memories, access };
    },

    /**
     * 'Email me a fresh link' from an old link: sent only to the guardian's own address, and not
     * while a link issued in the last 10 minutes still works. The answer is the same whatever happened, so holding an
     * old link reveals nothing.
     */
    async requestFreshLink(input: { token: string }) {
      const found = await find(input.token, { live: false });
      if (!found) return;
      const latest = await guardians.latestLiveLinkCreatedAt({ guardianId: found.guardian.id, childId: found.link.childId, now: now() });
      if (latest && now().getTime() - latest.getTime() < FRESH_LINK_COOLDOWN_MS) return;
      await issue({ guardianId: found.guardian.id, userId: found.guardian.userId, childId: found.link.childId, guardianName: found.guardian.name, email: found.guardian.email });
    },

    /**
     * A keepsake card's claim code was entered: every accepted, unpaused guardian who receives for that child
     * gets a fresh link by email, never the person who typed the code; not while a link issued in the last 10 minutes
     * still works.
     */
    async sendFreshLinksForChild(input: { userId: string; childId: string }) {
      if (!(await readers.childrenOf(input.userId)).some((child) => child.id === input.childId)) return;
      for (const guardian of await guardians.list(input.userId)) {
        if (guardian.status !== "accepted" || guardian.pausedAt) continue;
        if (guardian.childIds !== null && !guardian.childIds.includes(input.childId)) continue;
        const latest = await guardians.latestLiveLinkCreatedAt({ guardianId: guardian.id, childId: input.childId, now: now() });
        if (latest && now().getTime() - latest.getTime() < FRESH_LINK_COOLDOWN_MS) continue;
        await issue({ guardianId: guardian.id, userId: input.userId, childId: input.childId, guardianName: guardian.name, email: guardian.email });
      }
    },
  };
}

export type FamilyLinksUsecases = ReturnType<typeof createFamilyLinksUsecases>;
